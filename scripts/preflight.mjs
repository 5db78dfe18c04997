// What `npm test` needs before its slow steps, checked in seconds: a clone on a file system that lets
// programs run, a writable temporary directory, Debian's Chromium (and its headless shell) and a CJK
// font for the browser tests, Debian's Prometheus for the alert rules and the scrape test (installed
// when this user may install packages), the browser tests' port, and the
// PostgreSQL and Redis it was pointed at. Each problem stops the run with the fix named.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const E2E_PORT = Number(process.env.WALLX_E2E_PORT ?? 18080);

class SetupError extends Error {}

/** Runs a command; true when it exited 0. */
const succeeds = (command, args, options = {}) =>
  spawnSync(command, args, { stdio: 'ignore', ...options }).status === 0;

const repoRoot = path.resolve(fileURLToPath(new URL('..', import.meta.url)));

/** A regular file this user may execute: a dangling link, a directory or /dev/null bound over it is no browser. */
function isExecutableFile(file) {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/** The mount point of the file system holding `dir`, from the kernel's table (Linux), or null. */
function mountPointOf(dir) {
  let table;
  try {
    table = fs.readFileSync('/proc/self/mountinfo', 'utf8');
  } catch {
    return null;
  }
  const real = fs.realpathSync(dir);
  const points = table
    .split('\n')
    .map((line) => line.split(' ')[4]?.replace(/\\(\d{3})/g, (_, octal) => String.fromCharCode(parseInt(octal, 8))))
    .filter((point) => point && (real === point || real.startsWith(point.endsWith('/') ? point : `${point}/`)));
  return points.sort((a, b) => b.length - a.length)[0] ?? null;
}

/**
 * The tests run programs from node_modules (PostgreSQL, anvil, the bundler's native parts): on a file
 * system mounted noexec none of them can start, so this is found before anything else runs.
 */
function ensureProgramsRunHere() {
  const probe = path.join(repoRoot, `.exec-check-${process.pid}`);
  try {
    fs.writeFileSync(probe, '#!/bin/sh\nexit 0\n', { mode: 0o755 });
    const result = spawnSync(probe, [], { stdio: 'ignore' });
    if (/** @type {NodeJS.ErrnoException | undefined} */ (result.error)?.code !== 'EACCES') return;
  } catch {
    // Not writable or not a POSIX shell: the steps themselves will say what is wrong.
    return;
  } finally {
    fs.rmSync(probe, { force: true });
  }
  const mount = mountPointOf(repoRoot);
  throw new SetupError(
    `Programs cannot run from ${repoRoot}: its file system${mount ? ` (${mount})` : ''} is mounted noexec, and the tests start PostgreSQL, anvil and the bundler from node_modules.\n` +
      (mount ? `Remount it with:\n  ${process.getuid?.() === 0 ? '' : 'sudo '}mount -o remount,exec ${mount}\n` : '') +
      'or clone the project into a directory on another file system (your home directory, say).',
  );
}

/** Chromium's profiles, the test databases and the embedded PostgreSQL are made in the temporary directory. */
function ensureTempDirWritable() {
  const tmp = os.tmpdir();
  try {
    fs.rmSync(fs.mkdtempSync(path.join(tmp, 'wallx-check-')), { recursive: true });
  } catch (error) {
    throw new SetupError(
      `The temporary directory ${tmp} is not writable (${error.code ?? error.message}): Chromium's profiles and the test databases are made there.\n` +
        `Point TMPDIR at one that is:\n  mkdir -p "$HOME/.cache/wallx-tmp" && TMPDIR="$HOME/.cache/wallx-tmp" npm test`,
    );
  }
}

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

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
/** Debian's prometheus package: the tests run its binaries with their own configuration, never its service. */
export const PROMTOOL = '/usr/bin/promtool';
export const PROMETHEUS = '/usr/bin/prometheus';

function ensurePackages() {
  const chromePath = process.env.CHROME_PATH;
  if (chromePath && !isExecutableFile(chromePath)) {
    throw new SetupError(
      `CHROME_PATH=${chromePath} is not a program this user can run. Point it at a Chromium binary, or unset it to use Debian's (/usr/bin/chromium).`,
    );
  }
  const missing = [];
  if (!chromePath && !isExecutableFile('/usr/bin/chromium'))
    missing.push(['chromium', "the browser tests drive Debian's Chromium and never download one"]);
  if (!hasCjkFont()) missing.push(['fonts-wqy-zenhei', 'Chinese text in the screenshots needs a CJK font']);
  if (!isExecutableFile(PROMTOOL) || !isExecutableFile(PROMETHEUS))
    missing.push(['prometheus', 'promtool checks and unit-tests the alert rules, and the scrape test runs Prometheus']);
  // Wanted, not needed: the browser tests fall back to the full browser, at about 1.6 times the time.
  const wanted =
    !chromePath && !isExecutableFile(HEADLESS_SHELL)
      ? [
          [
            'chromium-headless-shell',
            "the browser tests run in Chromium's headless shell, without the full browser's cost per page",
          ],
        ]
      : [];
  if (missing.length + wanted.length === 0) return;

  const packages = [...missing, ...wanted].map(([name]) => name);
  const fix = `sudo apt-get install -y ${packages.join(' ')}`;
  const prefix = installer();
  if (!prefix) {
    if (missing.length === 0) {
      console.log(
        `Note: ${HEADLESS_SHELL} is missing, so the browser tests run in the full Chromium, more slowly. To speed them up:\n  ${fix}`,
      );
      return;
    }
    throw new SetupError(
      `Missing: ${missing.map(([name, why]) => `${name} (${why})`).join('; ')}.\nInstall with:\n  ${fix}\nthen run npm test again.`,
    );
  }
  console.log(`Installing ${[...missing, ...wanted].map(([name, why]) => `${name}: ${why}`).join('; ')}.`);
  const [command, ...pre] = prefix.length > 0 ? prefix : ['apt-get'];
  const run = (args) =>
    spawnSync(command, [...pre, ...(prefix.length > 0 ? ['apt-get'] : []), ...args], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  const installed = run(['update', '-qq']).status === 0 && run(['install', '-y', '-qq', ...packages]).status === 0;
  if (!installed || (!chromePath && !isExecutableFile('/usr/bin/chromium')))
    throw new SetupError(`Could not install ${packages.join(' ')}. Install them with:\n  ${fix}`);
}

function ensurePortFree(port) {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', (error) =>
      reject(
        new SetupError(
          /** @type {NodeJS.ErrnoException} */ (error).code === 'EADDRINUSE'
            ? `Port ${port}, where the browser tests start their server (or, on the next port, its stand-in WalletConnect relay), is in use (another npm test or npm start?).\n` +
                `Stop what holds it (ss -ltnp 'sport = :${port}' names it), or run with WALLX_E2E_PORT=<a free port>.`
            : `Cannot listen on 127.0.0.1:${port}: ${error.message}`,
        ),
      ),
    );
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(undefined)));
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
      reject(
        new SetupError(
          `TEST_REDIS_URL is set, but Redis at ${hostname}:${port || 6379} ${why}.\nStart it (redis-server --daemonize yes), or unset TEST_REDIS_URL.`,
        ),
      );
    const socket = net.connect({ host: hostname, port: Number(port || 6379), timeout: 3_000 }, () =>
      socket.write('PING\r\n'),
    );
    socket.once('data', (data) => {
      socket.destroy();
      if (data.toString().startsWith('+PONG')) resolve(undefined);
      else fail(`answered ${JSON.stringify(data.toString().trim())} to PING`);
    });
    socket.once('timeout', () => {
      socket.destroy();
      fail('does not answer');
    });
    socket.once('error', (error) =>
      fail(`does not answer (${/** @type {NodeJS.ErrnoException} */ (error).code ?? error.message})`),
    );
  });
}

/** Checks everything; throws a SetupError naming the fix for the first problem. */
export async function preflight() {
  ensureProgramsRunHere();
  ensureTempDirWritable();
  ensurePackages();
  await ensurePortFree(E2E_PORT);
  await ensurePortFree(E2E_PORT + 1);
  if (process.env.TEST_DATABASE_URL) await ensurePostgres(process.env.TEST_DATABASE_URL);
  if (process.env.TEST_REDIS_URL) await ensureRedis(process.env.TEST_REDIS_URL);
}

export { SetupError };
