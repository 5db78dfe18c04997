// `node scripts/image-test.mjs`: the image, the edge and a rolling restart, for real (issue 51).
//
// 1. A Debian bookworm base made here (debootstrap --variant=minbase, then this machine's Node,
//    decision 170), kept in buildah's storage between runs; the debootstrap tarball is kept too.
// 2. The image built from ./Containerfile on that base (buildah, --layers: a run with the same
//    lockfile reuses the installed dependencies), then opened: no dev dependency, no test, no source
//    map, no key; it runs as a non-root user, declares /data and a health check.
// 3. Two instances of the image started with `buildah run --isolation chroot` (podman run cannot
//    start containers on these machines: cgroups v1 hybrid, setrlimit refused), on one PostgreSQL
//    (TEST_DATABASE_URL's server) and one anvil, behind ops/nginx/nginx.conf unchanged (only its
//    upstream.conf and listen.conf are this machine's, and a self-signed certificate made here).
//    Nothing but /data is written by a running instance (what a read-only root filesystem needs).
// 4. Through the edge over HTTPS and HTTP/2: the probes, a sign-in, a signed-in read, an event stream.
// 5. A rolling restart under a light load (SIGTERM one instance, start it again, then the other): no
//    request is lost, and every request sent while an instance drains is answered by the other.
// `--lighthouse` then audits /mines through the edge beside the direct instance (bench/lighthouse.mjs).
//
// Needs root, buildah, debootstrap, nginx (Debian's nginx-light will do), openssl, curl, and a
// PostgreSQL: TEST_DATABASE_URL=postgres://…/any-db (a database of its own is made there and
// dropped). Exit 0 when every check passed, 1 when one failed, 2 when something is missing.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http2 from 'node:http2';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { getAddress } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';
import YAML from 'yaml';
import { LOGIN_STATEMENT } from '@wallx/shared';
import { root, sleep } from '../bench/lib.mjs';
import { startSharedChain } from '../bench/mixed-load/chain.mjs';
import { serverSettings } from '../bench/mixed-load/servers.mjs';

/**
 * The probes (issue 51). Until /api/health/live and /api/health/ready exist in the build under test,
 * the test falls back to /api/health for both and says so; the drain's 503 is then not checked.
 */
const PROBES = { live: '/api/health/live', ready: '/api/health/ready', fallback: '/api/health' };
const PORT_BASE = Number(process.env.WALLX_IMAGE_TEST_PORT ?? 18_880);
const EDGE_PORT = Number(process.env.WALLX_IMAGE_TEST_EDGE_PORT ?? 18_443);
const IMAGE = 'localhost/wallx:image-test';
const NODE_VERSION = process.versions.node;
const BASE_IMAGE = `localhost/wallx-base:bookworm-node${NODE_VERSION}`;
const CACHE_DIR = process.env.WALLX_IMAGE_CACHE ?? '/var/cache/wallx-image';
const EDGE = `https://localhost:${EDGE_PORT}`;
/** As many open files as this machine allows a process (buildah cannot raise the hard limit). */
const NOFILE = (() => {
  const hard = execFileSync('sh', ['-c', 'ulimit -Hn'], { encoding: 'utf8' }).trim();
  const n = hard === 'unlimited' ? 65_536 : Math.min(Number(hard), 65_536);
  return `nofile=${n}:${n}`;
})();

const started = performance.now();
const timings = [];
const results = [];
const notes = [];
/** Everything to undo at the end, last first. */
const cleanups = [];

function check(name, ok, detail = '') {
  results.push({ check: name, result: ok ? 'PASS' : 'FAIL', detail });
  console.log(`${ok ? '✓' : '✗'} ${name}${detail ? ` — ${detail}` : ''}`);
}

async function timed(label, fn) {
  const t = performance.now();
  const value = await fn();
  const seconds = (performance.now() - t) / 1000;
  timings.push({ step: label, seconds: Number(seconds.toFixed(1)) });
  console.log(`━━ ${label}: ${seconds.toFixed(1)} s`);
  return value;
}

function run(command, args, options = {}) {
  // stdio 'inherit' returns no output (null).
  const output = execFileSync(command, args, { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, ...options });
  return (output ?? '').trim();
}

function missingTools() {
  const tools = ['buildah', 'debootstrap', 'nginx', 'openssl', 'curl'];
  const missing = tools.filter((tool) => spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0);
  const problems =
    missing.length > 0
      ? [`missing: ${missing.join(', ')} (apt-get install buildah debootstrap nginx-light openssl curl)`]
      : [];
  if (process.getuid?.() !== 0) problems.push('buildah --isolation chroot and debootstrap need root');
  if (!process.env.TEST_DATABASE_URL?.startsWith('postgres'))
    problems.push('TEST_DATABASE_URL (a PostgreSQL) is not set');
  if (Number(NODE_VERSION.split('.')[0]) < 20)
    problems.push(`Node ${NODE_VERSION}: the base copies this Node, and the app needs 20.19 or newer`);
  return problems;
}

/** The ports among `ports` something already listens on. */
async function portsTaken(ports) {
  const taken = [];
  for (const port of ports) {
    const open = await new Promise((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => resolve(false));
    });
    if (open) taken.push(port);
  }
  return taken;
}

// ── 1. The base ──────────────────────────────────────────────────────────────────────────────────

function imageExists(name) {
  return spawnSync('buildah', ['inspect', '--type', 'image', name], { stdio: 'ignore' }).status === 0;
}

/**
 * Debian bookworm (minbase) with this machine's Node 20 and its npm: bookworm's own nodejs is 18,
 * below package.json's engines (decision 170). Made once per Node version; later runs reuse it.
 */
async function ensureBase() {
  if (imageExists(BASE_IMAGE)) return 'cached in buildah storage';
  fs.mkdirSync(CACHE_DIR, { recursive: true });
  const tarball = path.join(CACHE_DIR, 'bookworm-minbase.tar');
  if (!fs.existsSync(tarball)) {
    const rootfs = fs.mkdtempSync(path.join(os.tmpdir(), 'wallx-bookworm-'));
    run(
      'debootstrap',
      ['--variant=minbase', 'bookworm', rootfs, process.env.DEBIAN_MIRROR ?? 'http://deb.debian.org/debian'],
      {
        stdio: 'inherit',
      },
    );
    // The packages' files and lists: the image needs what is installed, not how it came.
    run('sh', ['-c', `rm -rf "${rootfs}"/var/cache/apt/archives/*.deb "${rootfs}"/var/lib/apt/lists/*`]);
    run('tar', ['-C', rootfs, '-cf', `${tarball}.part`, '.']);
    fs.renameSync(`${tarball}.part`, tarball);
    fs.rmSync(rootfs, { recursive: true, force: true });
  }
  const container = run('buildah', ['from', 'scratch']);
  try {
    const mount = run('buildah', ['mount', container]);
    run('tar', ['-C', mount, '-xf', tarball]);
    // Node's binary needs only libc and libstdc++ (both in minbase); npm is plain JavaScript.
    const npmDir = path.join(path.dirname(process.execPath), '..', 'lib', 'node_modules', 'npm');
    fs.copyFileSync(process.execPath, path.join(mount, 'usr/bin/node'));
    fs.chmodSync(path.join(mount, 'usr/bin/node'), 0o755);
    fs.mkdirSync(path.join(mount, 'usr/lib/node_modules'), { recursive: true });
    fs.cpSync(npmDir, path.join(mount, 'usr/lib/node_modules/npm'), { recursive: true, verbatimSymlinks: true });
    fs.symlinkSync('../lib/node_modules/npm/bin/npm-cli.js', path.join(mount, 'usr/bin/npm'));
    fs.symlinkSync('../lib/node_modules/npm/bin/npx-cli.js', path.join(mount, 'usr/bin/npx'));
    run('buildah', ['umount', container]);
    run('buildah', [
      'config',
      '--env',
      'PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
      '--cmd',
      '/bin/bash',
      '--label',
      `wallx.base=debootstrap minbase bookworm + node ${NODE_VERSION}`,
      container,
    ]);
    run('buildah', ['commit', '--quiet', container, BASE_IMAGE]);
  } finally {
    spawnSync('buildah', ['rm', container], { stdio: 'ignore' });
  }
  return 'made now';
}

// ── 2. The image ─────────────────────────────────────────────────────────────────────────────────

function buildImage() {
  // npm ci opens more files at once than chroot isolation's default limit (EMFILE).
  const args = ['build', '--isolation', 'chroot', '--format', 'docker', '--layers', '--ulimit', NOFILE];
  args.push('--build-arg', `BASE_IMAGE=${BASE_IMAGE}`);
  // This machine's TLS-inspecting proxy and its npm cache, lent to npm ci only (ARGs of the build
  // stages, never in the image): npm ci then runs offline when the lockfile has not changed.
  const caBundle = process.env.NODE_EXTRA_CA_CERTS;
  if (caBundle && fs.existsSync(caBundle))
    args.push('--build-arg', 'NODE_EXTRA_CA_CERTS=/run/host-ca.pem', '--volume', `${caBundle}:/run/host-ca.pem:ro`);
  const npmCache = process.env.npm_config_cache ?? path.join(os.homedir(), '.npm');
  if (fs.existsSync(npmCache))
    args.push('--build-arg', 'npm_config_cache=/run/host-npm-cache', '--volume', `${npmCache}:/run/host-npm-cache`);
  args.push('-f', path.join(root, 'Containerfile'), '-t', IMAGE, root);
  const result = spawnSync('buildah', args, { stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`buildah build failed (${result.status})`);
}

/** The image's files, as a running container would see them, and its configuration. */
function inspectImage() {
  const config = JSON.parse(run('buildah', ['inspect', '--type', 'image', IMAGE]));
  const docker = config.Docker?.config ?? {};
  check('runs as a non-root user', /^(wallx|10001)/.test(docker.User ?? ''), `USER ${docker.User}`);
  check(
    'declares the data volume',
    Object.keys(docker.Volumes ?? {}).includes('/data'),
    Object.keys(docker.Volumes ?? {}).join(', '),
  );
  const health = docker.Healthcheck?.Test ?? [];
  check(
    'has a health check on the live probe',
    health.join(' ').includes(PROBES.live),
    health.slice(1).join(' ').slice(0, 60),
  );
  const size = Number(config.Docker?.Size ?? 0) || null;
  const container = run('buildah', ['from', '--pull=never', IMAGE]);
  try {
    const mount = run('buildah', ['mount', container]);
    const app = path.join(mount, 'app');
    const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
    // A package the lockfile marks dev (needed only by a dev dependency or the build) must be absent.
    const devPackages = Object.entries(lock.packages)
      .filter(([where, entry]) => where.startsWith('node_modules/') && entry.dev === true)
      .map(([where]) => where);
    const presentDev = devPackages.filter((where) => fs.existsSync(path.join(app, where)));
    check(
      'no dev dependency',
      presentDev.length === 0,
      presentDev.length > 0
        ? presentDev.slice(0, 5).join(', ')
        : `${devPackages.length} dev packages of the lockfile, none present`,
    );
    const files = walk(mount, ['proc', 'sys', 'dev']);
    const rel = (file) => path.relative(mount, file);
    const ours = files.filter(
      (file) => /^app\/(apps|packages)\//.test(rel(file)) && !rel(file).includes('/node_modules/'),
    );
    const tests = ours.filter((file) => /(\.test\.|\.spec\.|\.fixtures\.|\/e2e\/|\/test\/)/.test(rel(file)));
    check('no test of ours', tests.length === 0, tests.slice(0, 3).map(rel).join(', '));
    const sources = ours.filter((file) => /\.(ts|tsx|sol)$/.test(file));
    check('no source of ours (built files only)', sources.length === 0, sources.slice(0, 3).map(rel).join(', '));
    const maps = files.filter((file) => file.endsWith('.map'));
    check('no source map', maps.length === 0, maps.slice(0, 3).map(rel).join(', '));
    const keyNames = files.filter((file) =>
      /(\.pem|\.key|\.p12|\.pfx|jwt-keys\.json|\/\.env[^/]*|\/\.npmrc)$/.test(file),
    );
    // Contents are read where a secret would be put (ours, the data, configuration, homes); Debian's
    // own libraries and programs are the distribution's (GnuTLS carries a self-test key).
    const secretPlaces = /^(app|data|etc|root|home|run|tmp|opt|srv|usr\/local|var\/lib\/wallx)\//;
    const keyContents = files.filter((file) => {
      if (!secretPlaces.test(rel(file))) return false;
      const stat = fs.lstatSync(file);
      if (!stat.isFile() || stat.size > 4 * 1024 * 1024) return false;
      // A key's armour followed by its base64 body, not a program that merely names the armour.
      return /-----BEGIN [A-Z ]*PRIVATE KEY-----\r?\n[A-Za-z0-9+/=]{60}/.test(fs.readFileSync(file, 'latin1'));
    });
    const keys = [...new Set([...keyNames, ...keyContents])];
    check('no key (by name or by a PEM private key inside)', keys.length === 0, keys.slice(0, 5).map(rel).join(', '));
    const appMb = du(app);
    notes.push(`image: ${files.length} files; /app ${appMb} MB${size ? `; image ${(size / 1e6).toFixed(0)} MB` : ''}`);
    run('buildah', ['umount', container]);
  } finally {
    spawnSync('buildah', ['rm', container], { stdio: 'ignore' });
  }
}

function walk(dir, skipTop = []) {
  const out = [];
  const stack = [dir];
  while (stack.length > 0) {
    const current = /** @type {string} */ (stack.pop());
    for (const entry of fs.readdirSync(current, { withFileTypes: true })) {
      if (current === dir && skipTop.includes(entry.name)) continue;
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) stack.push(full);
      else out.push(full);
    }
  }
  return out;
}

function du(dir) {
  return (Number(run('du', ['-sk', dir]).split(/\s/)[0]) / 1024).toFixed(0);
}

// ── 3. Instances of the image ────────────────────────────────────────────────────────────────────

/** The pids under `pid`, by /proc. */
function descendants(pid) {
  const parent = new Map();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      parent.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone meanwhile
    }
  }
  const out = [];
  const queue = [pid];
  while (queue.length > 0) {
    const current = queue.shift();
    for (const [child, ppid] of parent) {
      if (ppid !== current) continue;
      out.push(child);
      queue.push(child);
    }
  }
  return out;
}

function instance({ name, port, settings }) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `wallx-image-${name}-`));
  // The image's user owns its volume, as a named volume would be.
  fs.chownSync(dataDir, 10_001, 10_001);
  const container = run('buildah', [
    'from',
    '--pull=never',
    '--ulimit',
    NOFILE,
    '--name',
    `wallx-image-test-${name}-${process.pid}`,
    IMAGE,
  ]);
  cleanups.push(() => {
    spawnSync('buildah', ['rm', container], { stdio: 'ignore' });
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  // Info: the "shutting down" line dates the start of the drain.
  const env = { ...settings, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info' };
  /** @type {import('node:child_process').ChildProcess | null} */
  let child = null;
  let output = '';
  const self = {
    name,
    port,
    base: `http://127.0.0.1:${port}`,
    container,
    get output() {
      return output;
    },
    /** Starts the image's own command (its CMD, user and working directory) and waits until it is ready. */
    async start() {
      const args = ['run', '--isolation', 'chroot', '--volume', `${dataDir}:/data`];
      for (const [key, value] of Object.entries(env)) args.push('--env', `${key}=${value}`);
      const cmd = JSON.parse(run('buildah', ['inspect', '--type', 'container', container])).OCIv1.config.Cmd;
      child = spawn('buildah', [...args, container, '--', ...cmd], { stdio: ['ignore', 'pipe', 'pipe'] });
      child.stdout?.on('data', (chunk) => (output += chunk));
      child.stderr?.on('data', (chunk) => (output += chunk));
      const t = performance.now();
      for (;;) {
        if (child.exitCode !== null) throw new Error(`${name} exited (${child.exitCode}):\n${output.slice(-3000)}`);
        const status = await statusOf(`${self.base}${readyPath}`);
        if (status === 200) return (performance.now() - t) / 1000;
        if (performance.now() - t > 90_000) throw new Error(`${name} not ready after 90 s:\n${output.slice(-3000)}`);
        await sleep(200);
      }
    },
    /** The server's own process (node), inside the chroot but in this machine's process table. */
    serverPid() {
      if (!child?.pid) return null;
      return (
        descendants(child.pid).find((pid) => {
          try {
            return fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'node';
          } catch {
            return false;
          }
        }) ?? null
      );
    },
    /** SIGTERM to the server; resolves when `buildah run` has returned. */
    async stop() {
      if (!child || child.exitCode !== null) return;
      const exited = new Promise((resolve) => child?.once('exit', resolve));
      const pid = self.serverPid();
      if (pid) process.kill(pid, 'SIGTERM');
      else child.kill('SIGTERM');
      await exited;
    },
    exited() {
      return !child || child.exitCode !== null
        ? Promise.resolve()
        : new Promise((resolve) => child?.once('exit', resolve));
    },
    /** Files the container wrote outside /data: its overlay's upper layer. */
    writesOutsideData() {
      const mount = run('buildah', ['mount', container]);
      const options = run('findmnt', ['-n', '-o', 'OPTIONS', mount]);
      const upper = /upperdir=([^,]+)/.exec(options)?.[1];
      if (!upper) return [`no overlay upper dir in ${options}`];
      // buildah run makes these mount points itself (resolv.conf, hosts, the volume's directory).
      const own = new Set([
        'data',
        'etc/hosts',
        'etc/resolv.conf',
        'etc/hostname',
        'run/.containerenv',
        'dev',
        'proc',
        'sys',
        'run',
        'etc',
        'run/secrets',
      ]);
      return walkAll(upper)
        .map((file) => path.relative(upper, file))
        .filter((file) => !own.has(file));
    },
  };
  cleanups.push(() => self.stop());
  return self;
}

function walkAll(dir) {
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    out.push(full);
    if (entry.isDirectory()) out.push(...walkAll(full));
  }
  return out;
}

let readyPath = PROBES.ready;
let livePath = PROBES.live;

async function statusOf(url) {
  try {
    const answer = await fetch(url, { signal: AbortSignal.timeout(2000) });
    await answer.arrayBuffer();
    return answer.status;
  } catch {
    return 0;
  }
}

// ── 4. The edge ──────────────────────────────────────────────────────────────────────────────────

async function startEdge(instances) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallx-edge-'));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  // The repository's nginx.conf as it is; this machine's upstream and ports beside it.
  fs.copyFileSync(path.join(root, 'ops/nginx/nginx.conf'), path.join(dir, 'nginx.conf'));
  fs.writeFileSync(
    path.join(dir, 'upstream.conf'),
    `upstream wallx {\n${instances.map((i) => `  server 127.0.0.1:${i.port} max_fails=1 fail_timeout=1s;\n`).join('')}  keepalive 32;\n}\n`,
  );
  fs.writeFileSync(path.join(dir, 'listen.conf'), `listen 127.0.0.1:${EDGE_PORT} ssl http2;\n`);
  fs.mkdirSync(path.join(dir, 'tls'));
  const cert = path.join(dir, 'tls/fullchain.pem');
  run(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
      '-keyout',
      path.join(dir, 'tls/privkey.pem'),
      '-out',
      cert,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  // nginx's stdout (its access log, /dev/stdout) is a file here: nginx cannot open /dev/stdout on a
  // socket, which is what a pipe to Node is.
  const accessLog = path.join(dir, 'access.log');
  const nginx = spawn(
    'nginx',
    ['-c', path.join(dir, 'nginx.conf'), '-g', `daemon off; pid ${dir}/nginx.pid; error_log ${dir}/error.log warn;`],
    { stdio: ['ignore', fs.openSync(accessLog, 'a'), 'pipe'] },
  );
  const log = () => fs.readFileSync(accessLog, 'utf8').split('\n');
  let stderr = '';
  nginx.stderr?.on('data', (chunk) => (stderr += chunk));
  cleanups.push(async () => {
    if (nginx.exitCode !== null) return;
    const exited = new Promise((resolve) => nginx.once('exit', resolve));
    nginx.kill('SIGQUIT');
    await exited;
  });
  for (let i = 0; ; i++) {
    if (nginx.exitCode !== null)
      throw new Error(
        `nginx exited: ${stderr}${fs.existsSync(`${dir}/error.log`) ? fs.readFileSync(`${dir}/error.log`, 'utf8') : ''}`,
      );
    if (
      run('sh', ['-c', `curl -s -o /dev/null -w '%{http_code}' --cacert ${cert} ${EDGE}${livePath} || true`]) !== '000'
    )
      break;
    if (i > 100) throw new Error('nginx did not answer');
    await sleep(100);
  }
  return { dir, cert, ca: fs.readFileSync(cert), log, errorLog: () => fs.readFileSync(`${dir}/error.log`, 'utf8') };
}

/**
 * HTTP/2 to the edge as a browser speaks it: one session, a new one when nginx ends it (GOAWAY after
 * its 1,000 requests per connection), and a request the edge refused unprocessed (REFUSED_STREAM, or
 * not sent on a session that was closing) sent again on the next; `retried` counts those.
 */
function h2Client(ca) {
  const gone = new WeakSet();
  let session = connect();
  let retried = 0;
  function connect() {
    const created = http2.connect(EDGE, { ca, servername: 'localhost' });
    created.on('error', () => {});
    // After nginx's GOAWAY the session takes no new stream: the next request opens another.
    created.on('goaway', () => gone.add(created));
    return created;
  }
  function current() {
    if (session.closed || session.destroyed || gone.has(session)) session = connect();
    return session;
  }
  /**
   * @param {string} method
   * @param {string} url
   * @param {{ headers?: Record<string, string>, body?: unknown }} [options]
   * @returns {Promise<{ status: number, headers: Record<string, any>, body: string }>}
   */
  const once = (method, url, { headers = {}, body = undefined } = {}) =>
    new Promise((resolve) => {
      let stream;
      try {
        stream = current().request({
          ':method': method,
          ':path': url,
          ...headers,
          ...(body ? { 'content-type': 'application/json' } : {}),
        });
      } catch (error) {
        resolve({ status: -1, headers: {}, body: String(error) });
        return;
      }
      let data = '';
      let answer = { status: 0, headers: {} };
      stream.setEncoding('utf8');
      stream.on('response', (h) => (answer = { status: Number(h[':status']), headers: h }));
      stream.on('data', (chunk) => (data += chunk));
      let failure = '';
      stream.on('end', () => resolve({ ...answer, body: data }));
      // Judged at 'close', where rstCode is known: a stream nginx refused unprocessed (REFUSED_STREAM,
      // as after its GOAWAY) is not a lost request but one to send again.
      stream.on('error', (error) => (failure = String(error)));
      stream.on('close', () => {
        const unsent =
          stream.rstCode === http2.constants.NGHTTP2_REFUSED_STREAM || failure.includes('ERR_HTTP2_GOAWAY_SESSION');
        if (answer.status === 0 && unsent) resolve({ status: -1, headers: {}, body: 'refused stream' });
        else
          resolve(
            answer.status === 0
              ? { status: 0, headers: {}, body: failure || `reset ${stream.rstCode}` }
              : { ...answer, body: data },
          );
      });
      stream.setTimeout(20_000, () => stream.close(http2.constants.NGHTTP2_CANCEL));
      stream.end(body ? JSON.stringify(body) : undefined);
    });
  /** @type {typeof once} */
  const request = async (method, url, options) => {
    for (let attempt = 0; ; attempt++) {
      const answer = await once(method, url, options);
      // -1: never processed by the edge (refused stream, or a session already closing).
      if (answer.status !== -1 || attempt === 2) return answer;
      retried++;
      if (!session.destroyed) session.close();
    }
  };
  return {
    get session() {
      return current();
    },
    get retried() {
      return retried;
    },
    request,
    close: () => session.close(),
  };
}

async function signIn(client, account) {
  const nonce = JSON.parse((await client.request('POST', '/api/web3/nonce')).body);
  if (nonce.code !== 0) throw new Error(`no nonce through the edge: ${JSON.stringify(nonce)}`);
  const site = new URL(EDGE);
  const message = createSiweMessage({
    domain: site.host,
    address: getAddress(account.address),
    statement: LOGIN_STATEMENT,
    uri: site.origin,
    version: '1',
    chainId: nonce.data.chain_id,
    nonce: nonce.data.nonce,
    issuedAt: new Date(nonce.data.issued_at),
    expirationTime: new Date(nonce.data.expiration_time),
  });
  const signature = await account.signMessage({ message });
  return client.request('POST', '/api/web3/verify', { body: { address: account.address, message, signature } });
}

/** The first bytes of an event stream through the edge: `event: ready` arrives at once if nothing buffers it. */
function firstEvent(client, token) {
  return new Promise((resolve) => {
    const t = performance.now();
    const stream = client.session.request({
      ':method': 'GET',
      ':path': '/api/events',
      authorization: `Bearer ${token}`,
      accept: 'text/event-stream',
    });
    let data = '';
    let headers = {};
    stream.setEncoding('utf8');
    stream.on('response', (h) => (headers = h));
    stream.on('data', (chunk) => {
      data += chunk;
      if (data.includes('event: ready')) {
        resolve({ ms: performance.now() - t, headers, data });
        stream.close(http2.constants.NGHTTP2_CANCEL);
      }
    });
    stream.on('error', () => resolve({ ms: Infinity, headers, data }));
    setTimeout(() => {
      resolve({ ms: Infinity, headers, data });
      stream.close(http2.constants.NGHTTP2_CANCEL);
    }, 10_000);
  });
}

// ── 5. The rolling restart ───────────────────────────────────────────────────────────────────────

/**
 * A light load through the edge (`workers` loops, each a request after the other, alternating a
 * signed-in read and a POST) while `during` runs; each request is tagged with an X-Request-Id so
 * that the edge's log says which instance answered it.
 */
async function underLoad(ca, token, during, workers = 4) {
  const client = h2Client(ca);
  const requests = [];
  let running = true;
  const loops = Array.from({ length: workers }, async (_, w) => {
    for (let i = 0; running; i++) {
      const id = `image-test-${w}-${i}-${crypto.randomBytes(4).toString('hex')}`;
      const post = i % 2 === 1;
      const sent = performance.now();
      const answer = await client.request(post ? 'POST' : 'GET', post ? '/api/web3/nonce' : '/api/user/info', {
        headers: { 'x-request-id': id, ...(post ? {} : { authorization: `Bearer ${token}` }) },
      });
      requests.push({
        id,
        method: post ? 'POST' : 'GET',
        sent,
        done: performance.now(),
        status: answer.status,
        ...(answer.status === 200 ? {} : { body: answer.body.slice(0, 120) }),
      });
      await sleep(25);
    }
  });
  let events;
  try {
    events = await during();
  } finally {
    running = false;
    await Promise.all(loops);
    client.close();
  }
  return { events, requests, retried: client.retried };
}

/** When the server's SIGTERM handler ran (its "shutting down" log line after `after`), on performance.now()'s clock. */
function drainStart(output, after) {
  for (const line of output.split('\n')) {
    if (!line.includes('shutting down')) continue;
    try {
      const at = JSON.parse(line).time - performance.timeOrigin;
      if (at >= after - 5) return at;
    } catch {
      // not a JSON line
    }
  }
  return null;
}

/** The edge's log lines by request id: which upstreams were tried, with which statuses. */
function edgeAnswers(log) {
  const byId = new Map();
  for (const line of log) {
    const id = /rid=(\S+)/.exec(line)?.[1];
    const upstreams = /upstream=(.*?) upstream_status=/.exec(line)?.[1];
    const statuses = /upstream_status=(.*)$/.exec(line)?.[1];
    if (id && upstreams)
      byId.set(id, { upstreams: upstreams.split(/, | : /), statuses: statuses?.split(/, | : /) ?? [] });
  }
  return byId;
}

async function rollingRestart(instances, ca, token) {
  const { events, requests, retried } = await underLoad(ca, token, async () => {
    const windows = [];
    await sleep(2000);
    for (const [index, leaving] of instances.entries()) {
      const other = instances[1 - index];
      const pid = leaving.serverPid();
      if (!pid) throw new Error(`no server process for ${leaving.name}`);
      // The ready probe, asked of the instance itself from the moment SIGTERM is sent.
      const probes = [];
      let probing = true;
      const probe = (async () => {
        while (probing) {
          const status = await statusOf(`${leaving.base}${readyPath}`);
          probes.push({ at: performance.now(), status });
          await sleep(10);
        }
      })();
      const term = performance.now();
      process.kill(pid, 'SIGTERM');
      await leaving.exited();
      const exit = performance.now();
      probing = false;
      await probe;
      windows.push({
        leaving: leaving.name,
        other: other.name,
        port: leaving.port,
        otherPort: other.port,
        term,
        drain: drainStart(leaving.output, term),
        exit,
        probes,
      });
      const restart = await leaving.start();
      console.log(
        `  ${leaving.name}: SIGTERM → exit ${((exit - term) / 1000).toFixed(2)} s, started again and ready in ${restart.toFixed(1)} s`,
      );
      await sleep(2000);
    }
    return windows;
  });
  await sleep(300); // the edge's last log lines
  return { windows: events, requests, retried };
}

// ── The run ──────────────────────────────────────────────────────────────────────────────────────

async function main() {
  const problems = missingTools();
  if (problems.length > 0) {
    console.error(`image test: cannot run here:\n  ${problems.join('\n  ')}`);
    return 2;
  }
  const taken = await portsTaken([PORT_BASE + 1, PORT_BASE + 2, PORT_BASE + 10, EDGE_PORT]);
  if (taken.length > 0) {
    console.error(
      `image test: ports ${taken.join(', ')} are in use (WALLX_IMAGE_TEST_PORT, WALLX_IMAGE_TEST_EDGE_PORT move them)`,
    );
    return 2;
  }
  const baseState = await timed('base image (debootstrap bookworm + Node)', ensureBase);
  notes.push(`base ${BASE_IMAGE}: ${baseState}`);
  await timed('image build (buildah, Containerfile)', async () => buildImage());
  await timed('image contents', async () => inspectImage());

  // One PostgreSQL database and one anvil for both instances.
  const adminUrl = /** @type {string} */ (process.env.TEST_DATABASE_URL);
  const database = `wallx_image_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${database}`);
  cleanups.push(async () => {
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.end();
  });
  const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${database}` }).href;
  if (!fs.existsSync(path.join(root, 'apps/server/dist/platform/chain/local-node.js')))
    run('npm', ['run', 'build', '-w', '@wallx/server'], { cwd: root, stdio: 'inherit' });
  const chain = await startSharedChain({ port: PORT_BASE + 10 });
  cleanups.push(() => chain.stop());
  const operator = privateKeyToAccount(generatePrivateKey());
  const settings = serverSettings({
    chain,
    databaseUrl,
    operator,
    // Behind nginx, as the stack runs it: a draining instance refuses with 503 and the edge resends.
    extra: { PUBLIC_APP_URL: EDGE, TRUST_PROXY: '127.0.0.1', DATA_DIR: '/data', SHUTDOWN_DRAIN_MODE: 'refuse' },
  });
  const instances = [
    instance({ name: 'a', port: PORT_BASE + 1, settings }),
    instance({ name: 'b', port: PORT_BASE + 2, settings }),
  ];
  await timed('two instances of the image started (buildah run)', async () => {
    // One first: it applies the migrations; the other then starts on a database at head.
    const first = await startWithProbeFallback(instances[0]);
    const second = await instances[1].start();
    notes.push(`instances ready in ${first.toFixed(1)} s and ${second.toFixed(1)} s`);
  });
  if (readyPath === PROBES.fallback)
    notes.push(
      `${PROBES.ready} and ${PROBES.live} answer 404 in this build: probes fall back to ${PROBES.fallback}; the drain's 503 is not checked`,
    );

  const edge = await timed('edge (ops/nginx/nginx.conf, self-signed TLS)', () => startEdge(instances));

  await edgeChecks(edge, instances);
  await rollingChecks(edge, instances);
  for (const i of instances) {
    const writes = i.writesOutsideData();
    check(`instance ${i.name} wrote nothing outside /data`, writes.length === 0, writes.slice(0, 5).join(', '));
  }
  checkCompose();
  if (process.argv.includes('--lighthouse')) await lighthouseBeside(instances[0]);
  return results.every((r) => r.result === 'PASS') ? 0 : 1;
}

/** Through the edge over HTTPS and HTTP/2: the probes, a sign-in, a signed-in read, a stream, the app. */
async function edgeChecks(edge, instances) {
  await timed('through the edge: HTTPS, HTTP/2, probes, sign-in, stream', async () => {
    const version = run('curl', [
      '-sS',
      '--http2',
      '-o',
      '/dev/null',
      '-w',
      '%{http_version} %{http_code}',
      '--cacert',
      edge.cert,
      `${EDGE}${livePath}`,
    ]);
    check(
      'curl --http2 to the edge speaks HTTP/2 over TLS',
      version.startsWith('2 ') && version.endsWith(' 200'),
      `HTTP ${version}`,
    );
    const client = h2Client(edge.ca);
    try {
      const live = await client.request('GET', livePath);
      check(
        `live probe through the edge (${livePath})`,
        live.status === 200,
        `status ${live.status}, ALPN ${client.session.alpnProtocol}`,
      );
      const ready = await client.request('GET', readyPath);
      check(`ready probe through the edge (${readyPath})`, ready.status === 200, `status ${ready.status}`);
      for (const i of instances)
        check(`ready probe of instance ${i.name} directly`, (await statusOf(`${i.base}${readyPath}`)) === 200);
      const metrics = await client.request('GET', '/metrics');
      check('the edge serves no /metrics', metrics.status === 404, `status ${metrics.status}`);
      const account = privateKeyToAccount(generatePrivateKey());
      const login = await signIn(client, account);
      const body = JSON.parse(login.body || '{}');
      check(
        'sign-in (EIP-4361) through the edge over HTTP/2',
        login.status === 200 && body.code === 0,
        `status ${login.status} code ${body.code}`,
      );
      const token = body.data?.token?.access_token;
      const info = await client.request('GET', '/api/user/info', { headers: { authorization: `Bearer ${token}` } });
      const user = JSON.parse(info.body || '{}');
      check(
        'a signed-in read through the edge',
        info.status === 200 && user.code === 0 && info.body.toLowerCase().includes(account.address.toLowerCase()),
        `status ${info.status}, code ${user.code}${info.status === 200 ? '' : ` ${info.body.slice(0, 200)}`}`,
      );
      check(
        'HSTS on answers from the edge',
        String(info.headers['strict-transport-security'] ?? '').includes('max-age='),
      );
      const stream = await firstEvent(client, token);
      check(
        'an event stream through the edge is not buffered',
        stream.ms < 3000,
        `first event in ${Math.round(stream.ms)} ms, ${stream.headers['content-type']}`,
      );
      const index = await client.request('GET', '/mines', { headers: { 'accept-encoding': 'br' } });
      check(
        'the app (/mines) through the edge',
        index.status === 200 && index.body.length > 0,
        `status ${index.status}, content-encoding ${index.headers['content-encoding'] ?? 'none'}`,
      );
      return token;
    } finally {
      client.close();
    }
  });
}

/** The rolling restart under load, judged from the clients' answers and the edge's log. */
async function rollingChecks(edge, instances) {
  const loginAgain = await (async () => {
    const client = h2Client(edge.ca);
    const answer = await signIn(client, privateKeyToAccount(generatePrivateKey()));
    client.close();
    return JSON.parse(answer.body).data.token.access_token;
  })();

  const rolling = await timed('rolling restart under load through the edge', () =>
    rollingRestart(instances, edge.ca, loginAgain),
  );
  const answers = edgeAnswers(edge.log());
  const failed = rolling.requests.filter((r) => r.status !== 200);
  check(
    'rolling restart: no request lost',
    failed.length === 0 && rolling.requests.length > 0,
    `${rolling.requests.length} requests (${rolling.requests.filter((r) => r.method === 'POST').length} POST; ${rolling.retried} sent again by the client after nginx's HTTP/2 GOAWAY), ${failed.length} not 200${
      failed.length
        ? `: ${failed
            .slice(0, 3)
            .map((r) => `${r.method} ${r.status} ${r.body ?? ''}`)
            .join(', ')}`
        : ''
    }`,
  );
  for (const w of rolling.windows) {
    // The drain starts when the server's SIGTERM handler runs (its "shutting down" line): a request it
    // had read before is in flight and finishes there, as it should.
    if (w.drain === null) notes.push(`no "shutting down" line from ${w.leaving}: its drain counted from SIGTERM`);
    const from = w.drain ?? w.term;
    const early = rolling.requests.filter((r) => r.sent >= w.term && r.sent < from).length;
    if (early > 0)
      notes.push(
        `${early} request(s) sent in the ${Math.round(from - w.term)} ms between SIGTERM and ${w.leaving}'s handler`,
      );
    const during = rolling.requests.filter((r) => r.sent >= from && r.sent <= w.exit);
    const byOther = during.filter((r) => answers.get(r.id)?.upstreams.at(-1) === `127.0.0.1:${w.otherPort}`);
    const retried = during.filter((r) => (answers.get(r.id)?.upstreams.length ?? 0) > 1);
    check(
      `drain of ${w.leaving}: every request sent meanwhile answered by ${w.other}`,
      byOther.length === during.length,
      `${during.length} sent in the ${((w.exit - from) / 1000).toFixed(2)} s drain, ${byOther.length} answered by ${w.other}, ${retried.length} after the edge tried ${w.leaving}`,
    );
    if (readyPath !== PROBES.fallback) {
      const first503 = w.probes.find((p) => p.status === 503);
      const firstRefused = w.probes.find((p) => p.status === 0);
      const before = first503 && (!firstRefused || first503.at < firstRefused.at);
      check(
        `drain of ${w.leaving}: ready probe 503 before the listener closed`,
        Boolean(before),
        first503
          ? `503 at +${Math.round(first503.at - w.term)} ms, refused at +${firstRefused ? Math.round(firstRefused.at - w.term) : '—'} ms`
          : `statuses seen: ${[...new Set(w.probes.map((p) => p.status))].join(', ')}`,
      );
    }
  }
  const unlogged = rolling.requests.filter((r) => !answers.has(r.id));
  if (unlogged.length > 0) notes.push(`${unlogged.length} requests not found in the edge's log`);
}

/** Lighthouse's /mines through the edge (HTTP/2, TLS) beside the same image reached directly (HTTP/1.1). */
async function lighthouseBeside(reached) {
  const { auditScreens } = await import('../bench/lighthouse.mjs');
  const screens = [{ path: '/mines', as: 'guest' }];
  const direct = await timed('Lighthouse /mines, direct (HTTP/1.1)', () =>
    auditScreens({ origin: reached.base, screens, judged: [], label: 'direct to an instance, HTTP/1.1' }),
  );
  const viaEdge = await timed('Lighthouse /mines, through the edge (HTTP/2, TLS)', () =>
    auditScreens({ origin: EDGE, screens, judged: [], label: 'through the nginx edge, HTTP/2 over TLS' }),
  );
  notes.push(
    `Lighthouse /mines performance: direct ${direct.rows[0]?.performance}, edge ${viaEdge.rows[0]?.performance}`,
  );
  console.table([
    ...direct.rows.map((r) => ({ via: 'direct HTTP/1.1', ...r })),
    ...viaEdge.rows.map((r) => ({ via: 'edge HTTP/2', ...r })),
  ]);
}

/** The first instance's start also tells whether this build has the live and ready probes. */
async function startWithProbeFallback(first) {
  readyPath = PROBES.ready;
  let failure = null;
  const startPromise = first.start();
  startPromise.catch((error) => (failure = error));
  // Until the instance answers anything, the probe path cannot be judged.
  for (;;) {
    if (failure) throw failure;
    const status = await statusOf(`${first.base}${PROBES.fallback}`);
    if (status === 200) break;
    await sleep(200);
  }
  if ((await statusOf(`${first.base}${PROBES.ready}`)) === 404) {
    readyPath = PROBES.fallback;
    livePath = PROBES.fallback;
  }
  return startPromise;
}

/** ops/compose.yaml runs what was tested: this image's Containerfile read-only with /data, and this nginx.conf. */
function checkCompose() {
  const compose = YAML.parse(fs.readFileSync(path.join(root, 'ops/compose.yaml'), 'utf8'), { merge: true });
  const apps = ['app-1', 'app-2'].map((name) => compose.services?.[name]);
  const appsOk = apps.every(
    (app) =>
      app?.build?.dockerfile === 'Containerfile' &&
      app.read_only === true &&
      app.volumes?.some((v) => String(v).endsWith(':/data')) &&
      app.environment?.DATABASE_URL?.includes('wallx_app') &&
      app.environment?.MIGRATION_DATABASE_URL?.includes('wallx_owner'),
  );
  const edge = compose.services?.edge;
  const edgeOk = edge?.volumes?.some((v) => String(v).startsWith('./nginx:')) && edge.ports?.includes('443:443');
  const others = ['db', 'redis', 'prometheus'].every((name) => compose.services?.[name]);
  check(
    'ops/compose.yaml: two read-only instances with /data and both roles, the edge on this nginx.conf, PostgreSQL, Redis, Prometheus',
    Boolean(appsOk && edgeOk && others),
  );
}

let code = 1;
// A crash (an error thrown outside main's awaits) still stops what was started.
let cleaning = null;
async function cleanUp() {
  cleaning ??= (async () => {
    for (const cleanup of cleanups.reverse()) {
      try {
        await cleanup();
      } catch (error) {
        console.error('cleanup:', error instanceof Error ? error.message : error);
      }
    }
  })();
  return cleaning;
}
for (const event of ['uncaughtException', 'unhandledRejection']) {
  process.on(event, async (error) => {
    console.error(error);
    await cleanUp();
    process.exit(1);
  });
}
try {
  code = await main();
} catch (error) {
  console.error(error);
  code = 1;
} finally {
  await cleanUp();
}
console.log('');
console.table(timings);
for (const note of notes) console.log(`note: ${note}`);
const passed = results.filter((r) => r.result === 'PASS').length;
console.log(
  `image test: ${passed} passed, ${results.length - passed} failed, in ${((performance.now() - started) / 1000).toFixed(0)} s → ${code === 0 ? 'PASS' : code === 2 ? 'SKIPPED' : 'FAIL'}`,
);
process.exit(code);
