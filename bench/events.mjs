// `npm run bench -- events`: what the per-user event streams (GET /api/events, issue 35) cost.
// 1. 10,000 streams held open on one instance: its memory (after a full GC) before and after, and its
//    CPU over an idle window with them open beside the same window with none open, before and after.
// 2. Under the mixed load (bench/mixed-load/) on three instances, with 2,000 streams spread over them
//    (the load's users among them): the time from a transfer's commit to its balance events' arrival.
// 3. The same load's throughput without streams and with them, rounds alternating (ABBA…).
// The streams are held by bench/events-client.mjs in a process of its own. See bench/README.md.
import os from 'node:os';
import pg from 'pg';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { freshDatabase, percentile, sleep } from './lib.mjs';
import { startSharedChain } from './mixed-load/chain.mjs';
import { createHttp, createStats } from './mixed-load/http.mjs';
import { cpuSeconds, endpointTable, markdownTable, writeResults } from './mixed-load/report.mjs';
import { serverProcess, serverSettings } from './mixed-load/servers.mjs';
import { setupWorld } from './mixed-load/world.mjs';
import { phase } from './scale.mjs';
import {
  deliveryCheck,
  fdLimit,
  marketBroadcast,
  newestSeqs,
  probeMemory,
  probeOptions,
  seedStreamUsers,
  sessionCheckCost,
  startStreamClient,
  transferLatencies,
} from './events-streams.mjs';

const STREAMS = Number(process.env.BENCH_EVENTS_STREAMS ?? 10_000);
const IDLE_SECONDS = Number(process.env.BENCH_EVENTS_IDLE_SECONDS ?? 30);
const LOAD_STREAMS = Number(process.env.BENCH_EVENTS_LOAD_STREAMS ?? 2_000);
/** Market changes a second told to every stream in part 1 (the mixed load makes about 15 at 180 req/s). */
const MARKET_RATE = Number(process.env.BENCH_EVENTS_MARKET_RATE ?? 5);
const USERS = Number(process.env.BENCH_USERS ?? 16);
/** Pairs of rounds, each pair a round without streams and one with, in alternating order (ABBA…). */
const ROUNDS = Number(process.env.BENCH_EVENTS_ROUNDS ?? 2);
const P99_TARGET_MS = 500;
const MAX_COST = 0.1;
const idlePort = 18_430;
const ports = [18_431, 18_432, 18_433];
const anvilPort = 18_439;
// A Redis database of its own (scale uses 9): rate-limit keys name users by id, which other databases reuse.
const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/10';

const fmt = (n, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '—');
const mb = (bytes) => fmt(bytes / 2 ** 20, 1);
/** Rounds run ABBA…: their means cancel a load that drifts steadily over the run (a median of two is one of them). */
const mean = (values) => values.reduce((a, b) => a + b, 0) / values.length;

/** Share of one core the process used over `seconds` of doing nothing asked of it. */
async function idleCpu(pid, seconds) {
  const before = cpuSeconds(pid);
  await sleep(seconds * 1000);
  return (cpuSeconds(pid) - before) / seconds;
}

/** Part 1: STREAMS streams opened on one instance and held; its memory and idle CPU beside none open. */
async function holdStreams({ settings, client, databaseUrl }) {
  const probe = probeOptions();
  const server = serverProcess({
    port: idlePort,
    settings: { ...settings, ...probe.env },
    name: 'events-idle',
    nodeArgs: probe.nodeArgs,
  });
  try {
    await server.start();
    // After the server's start: its migrations made the tables.
    const users = await seedStreamUsers(databaseUrl, settings, Math.max(STREAMS, LOAD_STREAMS));
    const perUser = Math.ceil(STREAMS / users.length);
    const specs = Array.from({ length: STREAMS }, (_, i) => {
      const u = users[Math.floor(i / perUser)];
      return { base: server.base, auth: u.auth, user: u.user, session: u.session, keep: false };
    });
    const pid = /** @type {number} */ (server.child?.pid);
    // Warm: the route, the queries and the token checks have run before anything is measured.
    const warm = await client.ask('open', { streams: specs.slice(0, 200), concurrency: 50 });
    if (warm.failed > 0) throw new Error(`warm-up streams refused: ${JSON.stringify(await client.ask('report'))}`);
    await client.ask('close');
    await sleep(3000);
    const memBefore = await probeMemory(pid, probe.file);
    const cpuNone = await idleCpu(pid, IDLE_SECONDS);

    const serverCpu = cpuSeconds(pid);
    const clientCpu = cpuSeconds(client.pid);
    const opened = await client.ask('open', { streams: specs, concurrency: 200 });
    const openCpu = { server: cpuSeconds(pid) - serverCpu, client: cpuSeconds(client.pid) - clientCpu };
    await sleep(3000);
    const memAfter = await probeMemory(pid, probe.file);
    const held = await client.ask('report');
    const clientIdle = cpuSeconds(client.pid);
    const cpuOpen = await idleCpu(pid, IDLE_SECONDS);
    const clientIdleShare = (cpuSeconds(client.pid) - clientIdle) / IDLE_SECONDS;
    // The hub's session check, measured alone: the sessions of every stream held, as it asks for them.
    const sessionCheck = await sessionCheckCost(
      databaseUrl,
      specs.map((spec) => spec.session),
    );
    const after = await client.ask('report');
    const broadcast = await marketBroadcast({
      databaseUrl,
      pid,
      client,
      rate: MARKET_RATE,
      seconds: 10,
      streams: STREAMS,
    });
    await client.ask('close');
    await sleep(3000);
    const cpuNoneAfter = await idleCpu(pid, IDLE_SECONDS);
    return {
      users,
      opened,
      openCpu,
      memBefore,
      memAfter,
      cpuNone,
      cpuOpen,
      cpuNoneAfter,
      clientIdleShare,
      sessionCheck,
      broadcast,
      stillOpen: after.open,
      pings: after.counts.pings - held.counts.pings,
      failures: held.failures,
      clientFdLimit: fdLimit(client.pid),
      perUser,
    };
  } finally {
    await server.stop();
  }
}

/** Part 2 and 3: the mixed load on three instances, rounds without and with LOAD_STREAMS streams. */
async function underLoad({ settings, chain, database, operator, client, users }) {
  const servers = ports.map((port, i) => serverProcess({ port, settings, name: `events-${'ABC'[i]}` }));
  try {
    await Promise.all(servers.map((s) => s.start()));
    const world = await setupWorld({
      http: createHttp({ bases: [servers[0].base], stats: createStats() }),
      chain,
      operator,
      users: USERS,
    });
    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    const { rows } = await db.query('select id::text as id, address from users where address = any($1)', [
      world.users.map((u) => u.address),
    ]);
    await db.end();
    const idOf = new Map(rows.map((r) => [r.address, r.id]));
    const loadUsers = world.users.map((u) => idOf.get(u.address));
    const specs = [
      ...world.users.map((u, i) => ({
        base: servers[i % 3].base,
        auth: u.auth,
        user: idOf.get(u.address),
        keep: true,
      })),
      ...users
        .slice(0, Math.max(0, LOAD_STREAMS - USERS))
        .map((u, i) => ({ base: servers[(i + USERS) % 3].base, auth: u.auth, user: u.user, keep: false })),
    ];

    const rounds = [];
    for (let r = 0; r < ROUNDS; r++) {
      for (const withStreams of r % 2 === 0 ? [false, true] : [true, false]) {
        let opened = null;
        if (withStreams) {
          opened = await client.ask('open', { streams: specs, concurrency: 100 });
          if (opened.failed > 0) throw new Error(`streams refused: ${JSON.stringify(await client.ask('report'))}`);
          await client.ask('report');
        }
        const clientBefore = cpuSeconds(client.pid);
        const run = await phase({
          bases: servers.map((s) => s.base),
          world,
          chain,
          databaseUrl: database.url,
          seconds: Number(process.env.BENCH_SECONDS ?? 30),
          servers,
        });
        const clientCores = (cpuSeconds(client.pid) - clientBefore) / run.seconds;
        const table = Object.values(endpointTable(run.stats, run.seconds));
        const requests = table.reduce((n, t) => n + t.requests, 0);
        const errors = table.reduce((n, t) => n + t.errors + t.unanswered, 0);
        const round = { withStreams, rps: requests / run.seconds, errors, cores: run.cores, clientCores };
        if (withStreams) {
          // The events of the load's last commits have time to arrive; those committed later are not judged.
          const newest = await newestSeqs(database.url, loadUsers);
          await sleep(2000);
          const report = await client.ask('report');
          await client.ask('close');
          const latency = await transferLatencies(database.url, run.http.records, report.received);
          Object.assign(round, {
            latency,
            delivery: deliveryCheck(report.ready, report.received, newest),
            droppedByServer: report.counts.droppedByServer,
            market: report.counts.market / specs.length,
            streams: specs.length,
          });
        }
        rounds.push(round);
        await sleep(2000);
      }
    }
    return rounds;
  } finally {
    for (const s of servers) await s.stop();
  }
}

export async function benchEvents() {
  const needed = STREAMS + 1000;
  if (fdLimit() < needed)
    throw new Error(`ulimit -n is ${fdLimit()}: the server needs ${needed} files for ${STREAMS} streams`);
  const database = await freshDatabase('wallx_events');
  const chain = await startSharedChain({ port: anvilPort });
  const operator = privateKeyToAccount(generatePrivateKey());
  const settings = serverSettings({
    chain,
    databaseUrl: database.url,
    operator,
    // The stream client holds every stream from one address, on one instance.
    extra: { REDIS_URL: redisUrl, EVENTS_MAX_STREAMS_PER_IP: String(needed), EVENTS_MAX_STREAMS: String(needed) },
  });
  const client = startStreamClient(needed);
  const load = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  try {
    const idle = await holdStreams({ settings, client, databaseUrl: database.url });
    // BENCH_EVENTS_ROUNDS=0: part 1 alone.
    const rounds =
      ROUNDS === 0 ? [] : await underLoad({ settings, chain, database, operator, client, users: idle.users });
    return report({ idle, rounds, load });
  } finally {
    await client.stop();
    await chain.stop();
    await database.drop();
  }
}

function report({ idle, rounds, load }) {
  const lines = [];
  const say = (line = '') => {
    console.log(line);
    lines.push(line);
  };
  const core = (share) => `${fmt(share * 100, 2)} % of a core`;
  const perStream = (a, b) => `${fmt((b - a) / STREAMS / 1024, 2)} KB`;
  const reference = (idle.cpuNone + idle.cpuNoneAfter) / 2;
  const idleRows = [
    {
      figure: `streams open (${STREAMS} for ${Math.ceil(STREAMS / idle.perUser)} users × ${idle.perUser})`,
      'no stream (reference)': '0',
      [`${STREAMS} streams`]: `${idle.opened.opened} opened, ${idle.opened.failed} refused, ${idle.stillOpen} still open ${IDLE_SECONDS} s later`,
      'per stream': '',
    },
    {
      figure: 'RSS after a full GC, MB',
      'no stream (reference)': mb(idle.memBefore.rss),
      [`${STREAMS} streams`]: mb(idle.memAfter.rss),
      'per stream': perStream(idle.memBefore.rss, idle.memAfter.rss),
    },
    {
      figure: 'JS heap used after a full GC, MB',
      'no stream (reference)': mb(idle.memBefore.heapUsed),
      [`${STREAMS} streams`]: mb(idle.memAfter.heapUsed),
      'per stream': perStream(idle.memBefore.heapUsed, idle.memAfter.heapUsed),
    },
    {
      figure: `CPU at idle over ${IDLE_SECONDS} s (utime+stime of the server)`,
      'no stream (reference)': `${core(idle.cpuNone)} before, ${core(idle.cpuNoneAfter)} after`,
      [`${STREAMS} streams`]: core(idle.cpuOpen),
      'per stream': `${fmt(((idle.cpuOpen - reference) / STREAMS) * 1e6, 2)} µs CPU per stream per second`,
    },
  ];
  say(
    `\n1. ${STREAMS} event streams held open on one instance (PostgreSQL; heartbeat every ${Number(process.env.EVENTS_HEARTBEAT_MS ?? 15_000) / 1000} s); ${os.cpus().length} cores shared with other work, load average before: ${load}`,
  );
  console.table(idleRows);
  lines.push(markdownTable(Object.keys(idleRows[0]), idleRows));
  say(
    `opening them took ${fmt(idle.opened.ms / 1000, 1)} s (${fmt(STREAMS / (idle.opened.ms / 1000), 0)}/s; server ${fmt(idle.openCpu.server, 1)} CPU s, client ${fmt(idle.openCpu.client, 1)} CPU s); heartbeats received while idle: ${fmt(idle.pings / STREAMS, 2)} per stream; the stream client used ${core(idle.clientIdleShare)} at idle (open files limit ${idle.clientFdLimit})`,
  );
  const check = idle.sessionCheck;
  say(
    `the session check (every 0.5 s the hub asks which sessions of its streams ended, or are of a frozen user): the ${STREAMS} streams' sessions in ${Math.ceil(STREAMS / 5000)} queries of up to 5,000 took p50 ${fmt(percentile(check.times, 50), 2)} ms, p99 ${fmt(percentile(check.times, 99), 2)} ms a check (${check.times.length} checks, round trip included) and ${fmt(check.databaseCpuMs, 1)} ms of PostgreSQL CPU, ${fmt(check.callerCpuMs, 1)} ms of the caller's: at 2 a second, ${core(check.databaseCpuMs / 500)} of PostgreSQL and ${core(check.callerCpuMs / 500)} of the server (its CPU at idle above includes it)`,
  );
  const b = idle.broadcast;
  say(
    `market changes told to every stream (NOTIFY wallx_market, ${fmt(b.sent / b.wall, 1)} a second for ${fmt(b.wall, 0)} s): the server used ${core(b.serverShare)} (${fmt(((b.serverShare - idle.cpuOpen) * b.wall * 1e6) / (b.sent * STREAMS), 1)} µs per stream per change above idle), the client ${core(b.clientShare)}; ${b.received} of ${b.sent * STREAMS} messages arrived`,
  );
  const allOpen = idle.opened.failed === 0 && idle.stillOpen === STREAMS && b.received === b.sent * STREAMS;

  if (rounds.length === 0) {
    writeResults(
      'events',
      ['# bench events — last run (part 1 only)', '', new Date().toISOString(), ...lines, ''].join('\n'),
    );
    return allOpen;
  }
  const none = rounds.filter((r) => !r.withStreams);
  const some = rounds.filter((r) => r.withStreams);
  const loadRows = rounds.map((r, i) => ({
    round: i + 1,
    streams: r.withStreams ? r.streams : 0,
    'req/s': fmt(r.rps),
    errors: r.errors,
    'server cores': fmt(r.cores.servers, 2),
    // Less swayed by what else the machine runs than req/s: a starved server does less but spends the same per request.
    'server CPU ms per request': fmt((r.cores.servers * 1000) / r.rps, 2),
    'PostgreSQL cores': fmt(r.cores.database, 2),
    'stream client cores': fmt(r.clientCores, 2),
    'market messages per stream': r.withStreams ? fmt(r.market, 0) : '',
    'balance events timed': r.withStreams ? r.latency.fromAnswer.length : '',
  }));
  say(
    `\n2–3. The mixed load of ${USERS} users on three instances (round-robin), ${ROUNDS * 2} rounds of ${process.env.BENCH_SECONDS ?? 30} s alternating without and with ${some[0]?.streams} streams spread over the instances (the load's ${USERS} users each hold one; the rest are idle users)`,
  );
  console.table(loadRows);
  lines.push(markdownTable(Object.keys(loadRows[0]), loadRows));
  const fromAnswer = some.flatMap((r) => r.latency.fromAnswer);
  const fromRequest = some.flatMap((r) => r.latency.fromRequest);
  const p99 = percentile(fromAnswer, 99);
  const early = fromAnswer.filter((ms) => ms < 0).length;
  say(
    `commit → client, balance events of ${some.reduce((n, r) => n + r.latency.transfers, 0)} transfers (both sides), the commit taken as the moment the transfer's HTTP answer reached the load generator (commit ≤ answer, so this is a lower bound): p50 ${fmt(percentile(fromAnswer, 50))} ms, p99 ${fmt(p99)} ms, max ${fmt(Math.max(...fromAnswer))} ms (${early} of ${fromAnswer.length} arrived before the answer); from the request's start instead (an upper bound; includes the Argon2 check): p50 ${fmt(percentile(fromRequest, 50))} ms, p99 ${fmt(percentile(fromRequest, 99))} ms`,
  );
  const delivery = some.reduce(
    (acc, r) => ({
      expected: acc.expected + r.delivery.expected,
      missing: acc.missing + r.delivery.missing,
      duplicated: acc.duplicated + r.delivery.duplicated,
      outOfOrder: acc.outOfOrder + r.delivery.outOfOrder,
      dropped: acc.dropped + r.droppedByServer,
    }),
    { expected: 0, missing: 0, duplicated: 0, outOfOrder: 0, dropped: 0 },
  );
  say(
    `delivery to the load users' streams: ${delivery.expected} events committed, ${delivery.missing} missing, ${delivery.duplicated} twice, ${delivery.outOfOrder} out of order; streams the server cut: ${delivery.dropped}`,
  );
  const rpsNone = mean(none.map((r) => r.rps));
  const rpsSome = mean(some.map((r) => r.rps));
  const cost = 1 - rpsSome / rpsNone;
  const errors = rounds.reduce((n, r) => n + r.errors, 0);
  const costOk = cost <= MAX_COST;
  const p99Ok = p99 < P99_TARGET_MS;
  const deliveryOk = delivery.missing + delivery.duplicated + delivery.outOfOrder + delivery.dropped === 0;
  say(
    `throughput: ${fmt(rpsNone)} req/s without streams, ${fmt(rpsSome)} req/s with ${some[0]?.streams} (means of ${ROUNDS} rounds each, ABBA): the streams cost ${fmt(cost * 100)} % (target ≤ ${MAX_COST * 100} %) → ${costOk ? 'PASS' : 'FAIL'}`,
  );
  say(`commit → client p99 ${fmt(p99)} ms (target < ${P99_TARGET_MS} ms) → ${p99Ok ? 'PASS' : 'FAIL'}`);
  const pass = allOpen && costOk && p99Ok && deliveryOk && errors === 0;
  say(
    `events: ${STREAMS} streams held ${allOpen ? 'yes' : 'NO'}; every event delivered once, in order: ${deliveryOk ? 'yes' : 'NO'}; load errors ${errors} → ${pass ? 'PASS' : 'FAIL'}`,
  );
  writeResults(
    'events',
    [`# bench events — last run`, '', `${new Date().toISOString()} · ${pass ? 'PASS' : 'FAIL'}`, ...lines, ''].join(
      '\n',
    ),
  );
  return pass;
}
