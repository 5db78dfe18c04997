// What `npm run bench -- events` needs around the streams: the stream client's process, users with
// sessions and signed tokens made in the database, the server's memory probe, and the matching of each
// delivered event to the request that committed it.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { root, sleep } from './lib.mjs';
import { cpuSeconds } from './mixed-load/report.mjs';

/** The soft limit on open files of a process (from /proc; Infinity where there is none). */
export function fdLimit(pid = 'self') {
  try {
    const line = fs
      .readFileSync(`/proc/${pid}/limits`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Max open files'));
    const soft = line?.split(/\s{2,}/)[1];
    return soft === 'unlimited' || soft === undefined ? Infinity : Number(soft);
  } catch {
    return Infinity;
  }
}

/**
 * bench/events-client.mjs in a process of its own, with `ulimit -n` raised to `files` where the hard
 * limit allows (the shell execs node: same pid, same IPC channel). `ask` sends a command, answers its reply.
 */
export function startStreamClient(files) {
  const child = spawn(
    '/bin/sh',
    [
      '-c',
      `ulimit -n ${files} 2>/dev/null || ulimit -n "$(ulimit -Hn)"; exec "$0" bench/events-client.mjs`,
      process.execPath,
    ],
    { cwd: root, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
  );
  let next = 0;
  const waiting = new Map();
  child.on('message', (/** @type {any} */ message) => {
    waiting.get(message.id)?.(message);
    waiting.delete(message.id);
  });
  child.on('exit', (code) => {
    for (const reject of waiting.values()) reject({ error: `stream client exited (${code})` });
  });
  return {
    pid: /** @type {number} */ (child.pid),
    /** @returns {Promise<any>} */
    ask: (cmd, body = {}) =>
      new Promise((resolve) => {
        const id = ++next;
        waiting.set(id, resolve);
        child.send({ id, cmd, ...body });
      }),
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.disconnect();
      await exited;
    },
  };
}

/**
 * `count` users made in the database at once (as `api` and `metrics` make theirs), each with a live
 * session and an access token signed by the servers' own signer (their dist) with their key: what a
 * login would have given them, without 10,000 logins.
 */
export async function seedStreamUsers(databaseUrl, settings, count) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query(
      `with made as (
         insert into users (address, share_code)
         select '0xe' || lpad(to_hex(g), 39, '0'), 'E' || lpad(g::text, 7, '0') from generate_series(1, $1::int) g
         returning id)
       insert into sessions (id, user_id) select gen_random_uuid(), id from made returning id::text as session, user_id::text as user`,
      [count],
    );
    await db.query('analyze users, sessions');
    const { createTokens } = await import(
      pathToFileURL(path.join(root, 'apps/server/dist/modules/auth/tokens.js')).href
    );
    const tokens = createTokens(
      {
        privateKey: crypto.createPrivateKey(settings.JWT_PRIVATE_KEY),
        publicKey: crypto.createPublicKey(settings.JWT_PUBLIC_KEY),
      },
      Number(settings.ACCESS_TOKEN_TTL_SECONDS),
    );
    return rows
      .sort((a, b) => Number(a.user) - Number(b.user))
      .map((r) => ({
        user: r.user,
        session: r.session,
        auth: `Bearer ${tokens.signAccess({ userId: r.user, sessionId: r.session })}`,
      }));
  } finally {
    await db.end();
  }
}

/**
 * What the hub's session check costs with `sessions` streams open: the server's own query (its dist's
 * auth repository, as the hub calls it through the auth service), in chunks of 5,000 as the hub sends
 * them, `runs` times after a warm-up: milliseconds per whole check, the round trip included, and the
 * CPU its PostgreSQL backend and this process (the caller's side) spent per check (the bench's
 * PostgreSQL is local: its backend's CPU is read from /proc).
 */
export async function sessionCheckCost(databaseUrl, sessions, runs = 40) {
  const dist = (file) => pathToFileURL(path.join(root, 'apps/server/dist', file)).href;
  const { openDatabase } = await import(dist('platform/db/database.js'));
  const { createAuthRepository } = await import(dist('modules/auth/repository.js'));
  const { sql } = await import('kysely');
  const handle = await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 1 });
  const repository = createAuthRepository();
  const check = async () => {
    let ended = 0;
    for (let at = 0; at < sessions.length; at += 5000)
      ended += (await repository.inactiveSessions(handle.db, sessions.slice(at, at + 5000))).length;
    if (ended > 0) throw new Error(`session check: ${ended} of the bench's sessions reported ended`);
  };
  try {
    await check();
    const { rows } = await sql`select pg_backend_pid() as pid`.execute(handle.db);
    const backend = /** @type {{ pid: number }} */ (rows[0]).pid;
    const backendCpu = () => cpuSeconds(backend);
    const cpuBefore = backendCpu();
    const ownBefore = process.cpuUsage();
    const times = [];
    for (let i = 0; i < runs; i++) {
      const start = performance.now();
      await check();
      times.push(performance.now() - start);
    }
    const own = process.cpuUsage(ownBefore);
    return {
      times,
      databaseCpuMs: ((backendCpu() - cpuBefore) * 1000) / runs,
      // What the server's side of the check costs (the driver's encoding and parsing), measured here.
      callerCpuMs: (own.user + own.system) / 1000 / runs,
    };
  } finally {
    await handle.close();
  }
}

/** Node's arguments and settings for a server whose memory the bench can read (bench/events-probe.mjs). */
export function probeOptions() {
  const file = path.join(os.tmpdir(), `wallx-events-probe-${process.pid}.json`);
  return {
    file,
    nodeArgs: ['--expose-gc', '--import', pathToFileURL(path.join(root, 'bench/events-probe.mjs')).href],
    env: { BENCH_PROBE_FILE: file },
  };
}

/** The server's memory after a full garbage collection: SIGUSR2 to the probe, then its file. */
export async function probeMemory(pid, file) {
  fs.rmSync(file, { force: true });
  process.kill(pid, 'SIGUSR2');
  for (let i = 0; i < 100; i++) {
    await sleep(50);
    try {
      return JSON.parse(fs.readFileSync(file, 'utf8'));
    } catch {
      // not written yet
    }
  }
  throw new Error('the server wrote no memory figures (bench/events-probe.mjs)');
}

/**
 * Each balance event a stream delivered for a transfer, beside that transfer's request: the event's
 * row in user_events and the transfer's ledger entries were written by one transaction (same xmin),
 * so the match is exact. Per event: ms from the transfer's answer (commit ≤ answer: a lower bound on
 * the latency, negative when the event came first) and from its request (an upper bound).
 */
export async function transferLatencies(databaseUrl, records, received) {
  const transfers = records.filter(
    (r) => r.route === 'POST /api/funds/transfer' && r.outcome === 'ok' && r.answeredAt && r.attempts === 1,
  );
  const users = [...new Set(received.map((e) => e.user))];
  if (transfers.length === 0 || users.length === 0) return { fromAnswer: [], fromRequest: [], transfers: 0 };
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const byId = new Map(transfers.map((t) => [String(t.answer.data.transfer.id), t]));
    const { rows: entries } = await db.query(
      'select distinct transaction_id::text as id, xmin::text as x from ledger_entries where transaction_id = any($1::bigint[])',
      [[...byId.keys()]],
    );
    const byXid = new Map(entries.map((e) => [e.x, byId.get(e.id)]));
    const { rows: events } = await db.query(
      `select user_id::text as user, seq::text as seq, xmin::text as x from user_events
       where type = 'balance' and user_id = any($1::bigint[]) and seq is not null`,
      [users],
    );
    const transferOf = new Map(events.filter((e) => byXid.has(e.x)).map((e) => [`${e.user}:${e.seq}`, byXid.get(e.x)]));
    const fromAnswer = [];
    const fromRequest = [];
    for (const e of received) {
      const t = e.type === 'balance' ? transferOf.get(`${e.user}:${e.seq}`) : undefined;
      if (!t) continue;
      fromAnswer.push(e.at - t.answeredAt);
      fromRequest.push(e.at - t.at);
    }
    return { fromAnswer, fromRequest, transfers: transfers.length };
  } finally {
    await db.end();
  }
}

/**
 * Whether each kept stream delivered every event of its user once and in order: from the seq it
 * started after (`ready`) up to the newest seq the database had when `newest` was read.
 */
export function deliveryCheck(ready, received, newest) {
  let expected = 0;
  let missing = 0;
  let duplicated = 0;
  let outOfOrder = 0;
  for (const { user, seq } of ready) {
    const start = BigInt(seq ?? '0');
    const last = BigInt(newest.get(user) ?? '0');
    const got = received.filter((e) => e.user === user && BigInt(e.seq) <= last).map((e) => BigInt(e.seq));
    const distinct = new Set(got);
    for (let s = start + 1n; s <= last; s++) {
      expected++;
      if (!distinct.has(s)) missing++;
    }
    duplicated += got.length - distinct.size;
    outOfOrder += got.filter((s, i) => i > 0 && s <= got[i - 1]).length;
  }
  return { expected, missing, duplicated, outOfOrder };
}

/** The newest seq of each user, as the database has it now. */
export async function newestSeqs(databaseUrl, users) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query(
      'select user_id::text as user, seq::text as seq from user_event_seqs where user_id = any($1::bigint[])',
      [users],
    );
    return new Map(rows.map((r) => [r.user, r.seq]));
  } finally {
    await db.end();
  }
}

/**
 * The markets' broadcast, which tells every stream of each change: `rate` NOTIFYs on `wallx_market` a
 * second for `seconds`, as the markets' services would send them, and the server's CPU meanwhile.
 */
export async function marketBroadcast({ databaseUrl, pid, client, rate, seconds, streams }) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const before = await client.ask('report');
    const server = cpuSeconds(pid);
    const streamClient = cpuSeconds(client.pid);
    const started = performance.now();
    const sent = Math.round(rate * seconds);
    for (let i = 0; i < sent; i++) {
      await db.query(`select pg_notify('wallx_market', $1)`, [JSON.stringify({ market: 'mtrade', id: String(i + 1) })]);
      await sleep(Math.max(0, started + ((i + 1) * 1000) / rate - performance.now()));
    }
    // Until the last change reached every stream (5 s at most: a shared machine can be slow to).
    let after;
    for (let i = 0; i < 25; i++) {
      await sleep(200);
      after = await client.ask('report');
      if (after.counts.market - before.counts.market >= sent * streams) break;
    }
    const wall = (performance.now() - started) / 1000;
    return {
      sent,
      wall,
      serverShare: (cpuSeconds(pid) - server) / wall,
      clientShare: (cpuSeconds(client.pid) - streamClient) / wall,
      received: after.counts.market - before.counts.market,
    };
  } finally {
    await db.end();
  }
}
