// CI's newcomer check (.ci/run runs it before `npm test`): the project cloned as newcomers clone it.
//  1. As root, into a private directory (mode 700, as /root and `mktemp -d` are): `npm ci` runs no
//     install script it was not told about and warns about none, and the throwaway PostgreSQL of
//     `npm test` starts and answers a query.
//  2. As an ordinary user without sudo, on a machine where Chromium is missing (hidden in a mount
//     namespace of its own): `npm test` stops within seconds, naming the one command that fixes it.
// The clone is of a commit (default HEAD), so `node scripts/fresh-clone.mjs <older commit>` shows
// what a newcomer met then. Exits 1 on the first check that fails.
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const commit = process.argv[2] ?? 'HEAD';
/** What `npm test` may take, at most, to stop for a missing Chromium: a setup check, not a test run. */
const STOP_WITHIN_MS = 20_000;

/**
 * Runs a command to its end, its output kept (and echoed on failure); answers status, output and
 * time. Past `timeoutMs` its whole process group is killed: a check that should stop in seconds
 * must not wait for a whole test run.
 */
/**
 * @param {string} command
 * @param {string[]} args
 * @param {import('node:child_process').SpawnOptions & { timeoutMs?: number }} [options]
 */
function run(command, args, { timeoutMs, ...options } = {}) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { ...options, detached: Boolean(timeoutMs), stdio: ['ignore', 'pipe', 'pipe'] });
    const timer =
      timeoutMs && setTimeout(() => process.kill(-(/** @type {number} */ (child.pid)), 'SIGKILL'), timeoutMs);
    child.on('close', () => clearTimeout(timer));
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) =>
      resolve({ status: null, output: `${output}${error.message}`, ms: Date.now() - started }),
    );
    child.on('close', (status) => resolve({ status, output, ms: Date.now() - started }));
  });
}

const failures = [];
function check(ok, what, detail = '') {
  console.log(`${ok ? '✓' : '✗'} ${what}`);
  if (!ok) {
    failures.push(what);
    if (detail)
      console.log(
        detail
          .trim()
          .split('\n')
          .slice(-30)
          .map((line) => `    ${line}`)
          .join('\n'),
      );
  }
  return ok;
}

async function cloneInto(dir) {
  const clone = path.join(dir, 'wallx');
  const cloned = await run('git', ['clone', '--quiet', '--no-checkout', repoRoot, clone]);
  const checkedOut =
    cloned.status === 0 && (await run('git', ['-C', clone, 'checkout', '--quiet', commit])).status === 0;
  if (!check(checkedOut, `cloned ${commit} into ${clone}`, cloned.output)) return null;
  return clone;
}

/** 1. Root, private directory: a quiet, deterministic install, and the embedded PostgreSQL starts. */
async function asRootInPrivateDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallx-newcomer-'));
  try {
    check((fs.statSync(dir).mode & 0o777) === 0o700, `${dir} is private (mode 700)`);
    const clone = await cloneInto(dir);
    if (!clone) return;
    const install = await run('npm', ['ci', '--no-audit', '--no-fund', '--prefer-offline'], { cwd: clone });
    if (!check(install.status === 0, `npm ci in ${(install.ms / 1000).toFixed(1)} s`, install.output)) return;
    check(
      !/install-scripts|allowScripts/.test(install.output),
      'npm ci names no install script it was not told about',
      install.output,
    );
    const start = await run(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const { startEmbeddedPostgres } = await import('./scripts/embedded-postgres.mjs');
         const cluster = await startEmbeddedPostgres();
         const { default: pg } = await import('pg');
         const client = new pg.Client({ connectionString: cluster.url });
         await client.connect();
         const { rows } = await client.query('select current_setting($1) as version', ['server_version']);
         await client.end();
         await cluster.stop();
         console.log('PostgreSQL ' + rows[0].version + ' answered, started in ' + cluster.startedInMs + ' ms');`,
      ],
      { cwd: clone },
    );
    check(
      start.status === 0,
      `the embedded PostgreSQL starts from the clone as ${os.userInfo().username}: ${start.output.trim().split('\n').at(-1)}`,
      start.output,
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** 2. An ordinary user with no sudo and no Chromium: `npm test` stops in seconds with the fix. */
async function asOrdinaryUserWithoutChromium() {
  const name = `wallx-${crypto.randomBytes(3).toString('hex')}`;
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'wallx-home-'));
  const added = await run('useradd', ['--no-create-home', '--home-dir', home, '--shell', '/bin/sh', name]);
  if (!check(added.status === 0, `made the ordinary user ${name}`, added.output)) return;
  try {
    const clone = await cloneInto(home);
    if (!clone) return;
    // Their own copy of npm's cache: the same packages, without a second download.
    const cache = path.join(home, '.npm');
    const rootCache = spawnSync('npm', ['config', 'get', 'cache'], { encoding: 'utf8' }).stdout.trim();
    if (fs.existsSync(rootCache)) fs.cpSync(rootCache, cache, { recursive: true });
    const chown = await run('chown', ['-R', `${name}:`, home]);
    if (!check(chown.status === 0, `${home} belongs to ${name}`, chown.output)) return;
    const env = ['env', '-i', `HOME=${home}`, `USER=${name}`, `PATH=${process.env.PATH}`, 'LANG=C.UTF-8'];
    const as = (command) => ['-u', name, '--', ...env, 'sh', '-c', `cd "${clone}" && ${command}`];

    const sudo = await run('runuser', as('sudo -n true'));
    check(sudo.status !== 0, `${name} has no password-less sudo`);
    const install = await run('runuser', as('npm ci --no-audit --no-fund --prefer-offline'));
    if (!check(install.status === 0, `npm ci as ${name} in ${(install.ms / 1000).toFixed(1)} s`, install.output))
      return;

    // Chromium and its headless shell removed for this one command only: /usr/bin under an overlay, in a mount namespace of its own.
    const layer = fs.mkdtempSync(path.join(os.tmpdir(), 'wallx-layer-'));
    fs.mkdirSync(path.join(layer, 'up'));
    fs.mkdirSync(path.join(layer, 'work'));
    const browsers = ['/usr/bin/chromium', '/usr/bin/chromium-headless-shell'].filter((file) => fs.existsSync(file));
    const hide =
      browsers.length > 0
        ? `mount -t overlay overlay -o lowerdir=/usr/bin,upperdir=${layer}/up,workdir=${layer}/work /usr/bin && rm ${browsers.join(' ')} && `
        : '';
    const quoted = as('npm test').map((arg) => `'${arg.replaceAll("'", `'\\''`)}'`);
    const test = await run(
      'unshare',
      ['--mount', '--propagation', 'private', 'sh', '-c', `${hide}exec runuser ${quoted.join(' ')}`],
      { timeoutMs: 3 * STOP_WITHIN_MS },
    );
    fs.rmSync(layer, { recursive: true, force: true });
    const fix = 'sudo apt-get install -y chromium chromium-headless-shell';
    check(
      test.status === 1 && test.output.includes(fix) && test.ms < STOP_WITHIN_MS,
      `npm test as ${name} without Chromium stops in ${(test.ms / 1000).toFixed(1)} s (< ${STOP_WITHIN_MS / 1000} s), naming \`${fix}\``,
      test.output,
    );
  } finally {
    await run('userdel', [name]);
    fs.rmSync(home, { recursive: true, force: true });
  }
}

if (process.getuid?.() !== 0) {
  console.error('The newcomer check clones as root and makes a user of its own: run it as root (CI does).');
  process.exit(1);
}
console.log(`━━ newcomer check of ${commit}`);
await asRootInPrivateDir();
await asOrdinaryUserWithoutChromium();
console.log(failures.length === 0 ? '━━ newcomer check: ok' : `━━ newcomer check: FAILED (${failures.length})`);
process.exit(failures.length === 0 ? 0 : 1);
