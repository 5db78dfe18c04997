// What `npm test` needs before its slow steps, checked in seconds: Debian's Chromium and a CJK font
// for the browser tests (installed when this user may install packages), the browser tests' port,
// and the PostgreSQL and Redis it was pointed at. Each problem stops the run with the fix named.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';

const E2E_PORT = Number(process.env.WALLX_E2E_PORT ?? 18080);

class SetupError extends Error {}

/** Runs a command; true when it exited 0. */
const succeeds = (command, args, options = {}) => spawnSync(command, args, { stdio: 'ignore', ...options }).status === 0;

function hasCjkFont() {
  const fonts = spawnSync('fc-list', [':lang=zh'], { encoding: 'utf8' });
  return fonts.status === 0 && /wenquanyi|wqy|noto sans cjk/i.test(fonts.stdout);
}

/** How this user installs Debian packages: as root directly, with sudo when it asks no password, else not at all. */
function installer() {
  if (process.platform !== 'linux' || !fs.existsSync('/usr/bin/apt-get')) return null;
  if (process.getuid?.() === 0) return [];
  return succeeds('sudo', ['-n', 'true']) ? ['sudo', '-n'] : null;
}

function ensurePackages() {
  const chromePath = process.env.CHROME_PATH;
  if (chromePath && !fs.existsSync(chromePath)) {
    throw new SetupError(`CHROME_PATH=${chromePath} does not exist. Point it at a Chromium binary, or unset it to use Debian's (/usr/bin/chromium).`);
  }
  const missing = [];
  if (!chromePath && !fs.existsSync('/usr/bin/chromium')) missing.push(['chromium', "the browser tests drive Debian's Chromium and never download one"]);
  if (!hasCjkFont()) missing.push(['fonts-wqy-zenhei', 'Chinese text in the screenshots needs a CJK font']);
  if (missing.length === 0) return;

  const packages = missing.map(([name]) => name);
  const fix = `sudo apt-get install -y ${packages.join(' ')}`;
  const prefix = installer();
  if (!prefix) {
    throw new SetupError(
      `Missing: ${missing.map(([name, why]) => `${name} (${why})`).join('; ')}.\nInstall with:\n  ${fix}\nthen run npm test again.`,
    );
  }
  console.log(`Installing ${missing.map(([name, why]) => `${name}: ${why}`).join('; ')}.`);
  const [command, ...pre] = prefix.length > 0 ? prefix : ['apt-get'];
  const run = (args) => spawnSync(command, [...pre, ...(prefix.length > 0 ? ['apt-get'] : []), ...args], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  const installed = run(['update', '-qq']).status === 0 && run(['install', '-y', '-qq', ...packages]).status === 0;
  if (!installed || (!chromePath && !fs.existsSync('/usr/bin/chromium'))) throw new SetupError(`Could not install ${packages.join(' ')}. Install them with:\n  ${fix}`);
}

function ensurePortFree(port) {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', (error) =>
      reject(
        new SetupError(
          error.code === 'EADDRINUSE'
            ? `Port ${port}, where the browser tests start their server, is in use (another npm test or npm start?).\n` +
                `Stop what holds it (ss -ltnp 'sport = :${port}' names it), or run with WALLX_E2E_PORT=<a free port>.`
            : `Cannot listen on 127.0.0.1:${port}: ${error.message}`,
        ),
      ),
    );
    server.listen(port, '127.0.0.1', () => server.close(() => resolve()));
  });
}

async function ensurePostgres(url) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.query('select 1');
  } catch (error) {
    const where = new URL(url);
    throw new SetupError(
      `TEST_DATABASE_URL is set, but PostgreSQL at ${where.host}${where.pathname} does not answer: ${error.message}.\n` +
        `Start it (e.g. pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start), create the database, or unset TEST_DATABASE_URL.`,
    );
  } finally {
    await client.end().catch(() => undefined);
  }
}

function ensureRedis(url) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const fail = (why) =>
      reject(new SetupError(`TEST_REDIS_URL is set, but Redis at ${hostname}:${port || 6379} ${why}.\nStart it (redis-server --daemonize yes), or unset TEST_REDIS_URL.`));
    const socket = net.connect({ host: hostname, port: Number(port || 6379), timeout: 3_000 }, () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      socket.destroy();
      if (data.toString().startsWith('+PONG')) resolve();
      else fail(`answered ${JSON.stringify(data.toString().trim())} to PING`);
    });
    socket.once('timeout', () => {
      socket.destroy();
      fail('does not answer');
    });
    socket.once('error', (error) => fail(`does not answer (${error.code ?? error.message})`));
  });
}

/** Checks everything; throws a SetupError naming the fix for the first problem. */
export async function preflight() {
  ensurePackages();
  await ensurePortFree(E2E_PORT);
  if (process.env.TEST_DATABASE_URL) await ensurePostgres(process.env.TEST_DATABASE_URL);
  if (process.env.TEST_REDIS_URL) await ensureRedis(process.env.TEST_REDIS_URL);
}

export { SetupError };
