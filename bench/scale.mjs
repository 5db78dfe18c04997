// `npm run bench -- scale`: the mixed load (bench/mixed-load/) against one server instance, then
// against three on the same PostgreSQL, Redis and anvil, each for BENCH_SECONDS, requests spread
// round-robin. Prints req/s, p50 and p99 per endpoint side by side; requires zero errors; and reads
// the instances' job traces (JOB_TRACE_FILE) to show that each leased job ran, and never on two
// instances at once. The figures of the last run go to bench/results/scale.md.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import pg from 'pg';
import { checkAll } from './books-check.mjs';
import { freshDatabase, sleep } from './lib.mjs';
import { startSharedChain } from './mixed-load/chain.mjs';
import { ageOrders, passOneDay } from './mixed-load/clock.mjs';
import { createHttp, createStats } from './mixed-load/http.mjs';
import { runMixedLoad } from './mixed-load/load.mjs';
import {
  cpuSeconds,
  databaseCpu,
  databaseCpuBetween,
  endpointTable,
  JOBS,
  markdownTable,
  readTraces,
  writeResults,
} from './mixed-load/report.mjs';
import { serverProcess, serverSettings } from './mixed-load/servers.mjs';
import { setupWorld } from './mixed-load/world.mjs';

const USERS = Number(process.env.BENCH_USERS ?? 16);
const ports = [18_410, 18_411, 18_412];
const anvilPort = 18_419;
// A database index of its own: rate-limit keys name users by id, which other databases reuse.
const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/9';

/** The load for `seconds` against `bases`, with time passing for the output job and orders reaching expiry. */
export async function phase({ bases, world, chain, databaseUrl, seconds, servers }) {
  const cpuBefore = servers.map((s) => cpuSeconds(s.child.pid));
  const anvilBefore = cpuSeconds(chain.pid);
  const databaseBefore = await databaseCpu(databaseUrl);
  const driverBefore = process.cpuUsage();
  const stats = createStats();
  const http = createHttp({ bases, stats });
  let isStopped = false;
  const started = performance.now();
  const startedAt = Date.now();
  const stopper = sleep(seconds * 1000).then(() => (isStopped = true));
  const clock = (async () => {
    while (!isStopped) {
      await sleep(3000);
      if (isStopped) break;
      await ageOrders(databaseUrl, 3).catch(() => 0);
      await passOneDay(databaseUrl).catch(() => false);
    }
  })();
  const done = await runMixedLoad({ http, chain, world, until: () => isStopped });
  await stopper;
  await clock;
  const wall = (performance.now() - started) / 1000;
  const driver = process.cpuUsage(driverBefore);
  // Cores busy on average: the servers, this database's PostgreSQL backends, anvil, and this driver (which also signs logins and deposits).
  const cores = {
    servers: servers.reduce((sum, server, i) => sum + cpuSeconds(server.child.pid) - cpuBefore[i], 0) / wall,
    database: databaseCpuBetween(databaseBefore, await databaseCpu(databaseUrl)) / wall,
    anvil: (cpuSeconds(chain.pid) - anvilBefore) / wall,
    driver: (driver.user + driver.system) / 1e6 / wall,
  };
  return { http, stats, done, seconds: wall, startedAt, finishedAt: Date.now(), cores };
}

/**
 * Per job: passes held by two instances at once (over the whole trace), and within [from, to] the
 * passes held and the attempts refused per instance, and what the held passes did.
 */
function jobExclusivity(runs, instanceOf, from, to) {
  const rows = [];
  for (const [job, matches] of Object.entries(JOBS)) {
    // Overlaps over the whole trace (both phases); the counts over the 3-instance window.
    const all = runs.filter((r) => matches(r.lease) && r.held).sort((a, b) => a.startedAt - b.startedAt);
    let overlaps = 0;
    for (let i = 0; i < all.length; i++) {
      for (let j = i + 1; j < all.length && all[j].startedAt < all[i].finishedAt; j++)
        if (all[j].holder !== all[i].holder) overlaps++;
    }
    const mine = runs.filter((r) => matches(r.lease) && r.startedAt >= from && r.startedAt <= to);
    const held = mine.filter((r) => r.held);
    const per = (list) => {
      const counts = new Map();
      for (const r of list) counts.set(instanceOf(r.holder), (counts.get(instanceOf(r.holder)) ?? 0) + 1);
      return [...counts]
        .sort()
        .map(([name, n]) => `${name} ${n}`)
        .join(', ');
    };
    const work = held.reduce((sum, r) => sum + workOf(job, r.result), 0);
    rows.push({
      job,
      'passes held (by instance)': per(held) || '0',
      'refused (by instance)': per(mine.filter((r) => !r.held)) || '0',
      overlaps,
      'work done': work,
      held: held.length,
    });
  }
  return rows;
}

/** What a pass did: outputs produced, orders expired, deposits credited, payouts paid or completed. */
function workOf(job, result) {
  if (!result) return 0;
  if (job === 'miner-output') return result.reduce((n, day) => n + day.outputs, 0);
  if (job === 'market-expiry') return result.mtrade + result.c2c;
  if (job === 'deposit-scanner') return result.credited;
  return result.paid + result.completed;
}

const fmt = (n, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '—');

/**
 * A planned restart: the instance holding the payouts shuts down (SIGTERM); the others should take
 * its jobs at their next pass (it gives its leases up), not when the leases lapse.
 */
async function plannedRestart({ runs, servers, instanceOf, traceFiles }) {
  const lastPayout = runs.filter((r) => JOBS['payout-worker'](r.lease) && r.held).at(-1);
  const leaving = servers['ABC'.indexOf(instanceOf(lastPayout.holder))];
  const stoppedAt = Date.now();
  await leaving.stop();
  await sleep(5000);
  const handover = ['market-expiry', 'deposit-scanner', 'payout-worker'].map((job) => {
    const next = readTraces(traceFiles)
      .filter((r) => JOBS[job](r.lease) && r.held && r.startedAt >= stoppedAt)
      .sort((x, y) => x.startedAt - y.startedAt)[0];
    return {
      job,
      'taken over by': next ? instanceOf(next.holder) : '—',
      'after s': next ? ((next.startedAt - stoppedAt) / 1000).toFixed(1) : '> 5',
    };
  });
  return { leaving, handover };
}

/** Each endpoint's figures on one instance beside three, the totals, the refusals and the first errors. */
function comparison(one, three) {
  const a = endpointTable(one.stats, one.seconds);
  const b = endpointTable(three.stats, three.seconds);
  const routes = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
  const total = (t) =>
    Object.values(t).reduce(
      (acc, r) => ({
        requests: acc.requests + r.requests,
        errors: acc.errors + r.errors + r.unanswered,
        refused: acc.refused + r.refused,
      }),
      { requests: 0, errors: 0, refused: 0 },
    );
  const [ta, tb] = [total(a), total(b)];
  const rows = routes.map((route) => ({
    endpoint: route,
    '1× req/s': fmt(a[route]?.rps),
    '1× p50': fmt(a[route]?.p50),
    '1× p99': fmt(a[route]?.p99),
    '3× req/s': fmt(b[route]?.rps),
    '3× p50': fmt(b[route]?.p50),
    '3× p99': fmt(b[route]?.p99),
    refused: `${a[route]?.refused ?? 0} / ${b[route]?.refused ?? 0}`,
    errors: `${(a[route]?.errors ?? 0) + (a[route]?.unanswered ?? 0)} / ${(b[route]?.errors ?? 0) + (b[route]?.unanswered ?? 0)}`,
  }));
  rows.push({
    endpoint: 'all',
    '1× req/s': fmt(ta.requests / one.seconds),
    '1× p50': '',
    '1× p99': '',
    '3× req/s': fmt(tb.requests / three.seconds),
    '3× p50': '',
    '3× p99': '',
    refused: `${ta.refused} / ${tb.refused}`,
    errors: `${ta.errors} / ${tb.errors}`,
  });
  const refusals = {};
  for (const t of [a, b])
    for (const r of Object.values(t))
      for (const [k, n] of Object.entries(r.refusedBy)) refusals[k] = (refusals[k] ?? 0) + n;
  const errorsBy = [one, three]
    .flatMap((p) => p.http.records.filter((r) => r.outcome === 'error' || r.unanswered > 0))
    .slice(0, 10);
  return { rows, ta, tb, refusals, errorsBy };
}

/**
 * Settle, then the same checks as the crash bench: the books after three instances, the requests of
 * both phases replayed through the instances still running.
 */
async function settleAndCheck({ databaseUrl, chain, world, remaining, one, three }) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  for (let i = 0; i < 600; i++) {
    const { rows: open } = await db.query(
      `select (select count(*) from withdrawals where status <> 'completed')::int + (select count(*) from mtrade_orders where status = 'pending' and expires_at <= now())::int as n, (select count(*) from deposits)::int as credited`,
    );
    if (open[0].n === 0 && open[0].credited === world.deposits.length) break;
    await sleep(500);
  }
  await db.end();
  // The requests of both phases, replayed through the instances still running.
  const checker = createHttp({ bases: remaining.map((r) => r.base), stats: createStats() });
  checker.records.push(...one.http.records, ...three.http.records);
  const checks = await checkAll({ databaseUrl, chain, world, http: checker });
  console.table(checks.map(({ check, ok, detail }) => ({ check, result: ok ? 'PASS' : 'FAIL', detail })));
  return checks;
}

export async function benchScale() {
  const seconds = Number(process.env.BENCH_SECONDS ?? 30);
  const database = await freshDatabase('wallx_scale');
  const chain = await startSharedChain({ port: anvilPort });
  const operator = privateKeyToAccount(generatePrivateKey());
  const traceDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallx-scale-trace-'));
  const settings = serverSettings({ chain, databaseUrl: database.url, operator, extra: { REDIS_URL: redisUrl } });
  const servers = ports.map((port, i) =>
    serverProcess({
      port,
      settings: { ...settings, JOB_TRACE_FILE: path.join(traceDir, `${'ABC'[i]}.jsonl`) },
      name: `scale-${'ABC'[i]}`,
    }),
  );
  const load = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  try {
    await servers[0].start();
    const setupStats = createStats();
    const world = await setupWorld({
      http: createHttp({ bases: [servers[0].base], stats: setupStats }),
      chain,
      operator,
      users: USERS,
    });

    const one = await phase({
      bases: [servers[0].base],
      world,
      chain,
      databaseUrl: database.url,
      seconds,
      servers: servers.slice(0, 1),
    });
    await Promise.all(servers.slice(1).map((s) => s.start()));
    const three = await phase({
      bases: servers.map((s) => s.base),
      world,
      chain,
      databaseUrl: database.url,
      seconds,
      servers,
    });

    const pidOf = new Map(servers.map((s, i) => [String(s.child?.pid), 'ABC'[i]]));
    const instanceOf = (holder) => pidOf.get(holder.split(':').at(-2)) ?? holder;
    const traceFiles = servers.map((_, i) => path.join(traceDir, `${'ABC'[i]}.jsonl`));
    const runs = readTraces(traceFiles);
    const jobs = jobExclusivity(runs, instanceOf, three.startedAt, three.finishedAt);

    const { leaving, handover } = await plannedRestart({ runs, servers, instanceOf, traceFiles });
    const remaining = servers.filter((s) => s !== leaving);

    const { rows, ta, tb, refusals, errorsBy } = comparison(one, three);

    console.log(
      `\nScale-out: mixed load of ${USERS} users, ${seconds} s on 1 instance then ${seconds} s on 3 (round-robin), one PostgreSQL, one Redis, one anvil; ${os.cpus().length} cores, load average before: ${load}`,
    );
    console.table(rows);
    const busy = (c) =>
      `servers ${fmt(c.servers, 2)}, PostgreSQL backends of this database ${fmt(c.database, 2)}, anvil ${fmt(c.anvil, 2)}, this driver ${fmt(c.driver, 2)}`;
    const coresLine = `cores busy on average of ${os.cpus().length} — 1 instance: ${busy(one.cores)}; 3 instances: ${busy(three.cores)}; the rest of the machine (other work on it) is not counted`;
    console.log(coresLine);
    console.log(`expected refusals (not errors): ${JSON.stringify(refusals)}`);
    for (const e of errorsBy)
      console.log(
        `error: ${e.method} ${e.path} → ${e.answer?.status} ${e.answer?.key} (${e.unanswered} unanswered attempts)`,
      );
    console.log('\nLeased jobs during the 3-instance run (JOB_TRACE_FILE of each instance)');
    console.table(jobs.map(({ held: _held, ...row }) => row));
    console.log(
      `\n${leaving.name.slice(-1)}, which held them, shuts down (SIGTERM): who takes its jobs over, how soon`,
    );
    console.table(handover);

    const checks = await settleAndCheck({ databaseUrl: database.url, chain, world, remaining, one, three });

    const jobsOk =
      jobs.every((j) => j.overlaps === 0 && j.held > 0 && j['work done'] > 0) &&
      handover.every((h) => h['taken over by'] !== '—');
    const pass = ta.errors === 0 && tb.errors === 0 && jobsOk && checks.every((c) => c.ok);
    console.log(
      `scale: 1 instance ${fmt(ta.requests / one.seconds)} req/s, 3 instances ${fmt(tb.requests / three.seconds)} req/s; errors ${ta.errors} / ${tb.errors}; jobs one at a time and each ran: ${jobsOk ? 'yes' : 'NO'} → ${pass ? 'PASS' : 'FAIL'}`,
    );
    saveResults({
      rows,
      jobs,
      handover,
      leaving: leaving.name.slice(-1),
      checks,
      refusals,
      load,
      seconds,
      pass,
      coresLine,
    });
    if (!pass) for (const s of servers) console.log(`${s.name} output (tail):\n${s.output.slice(-2000)}`);
    return pass;
  } finally {
    for (const s of servers) await s.stop();
    await chain.stop();
    fs.rmSync(traceDir, { recursive: true, force: true });
    await database.drop();
  }
}

function saveResults({ rows, jobs, handover, leaving, checks, refusals, load, seconds, pass, coresLine }) {
  const text = [
    '# bench scale — last run',
    '',
    `${new Date().toISOString()} · ${USERS} users · ${seconds} s per phase · ${os.cpus().length} cores (${os.cpus()[0]?.model ?? ''}) · load average before the run ${load} · ${pass ? 'PASS' : 'FAIL'}`,
    '',
    'Latencies in ms (answered attempts); req/s = answers per second; refused and errors as `1 instance / 3 instances`.',
    '',
    markdownTable(
      ['endpoint', '1× req/s', '1× p50', '1× p99', '3× req/s', '3× p50', '3× p99', 'refused', 'errors'],
      rows,
    ),
    '',
    `${coresLine[0].toUpperCase()}${coresLine.slice(1)}.`,
    '',
    `Expected refusals: ${
      Object.entries(refusals)
        .map(([k, n]) => `${k} ${n}`)
        .join(', ') || 'none'
    }.`,
    '',
    '## Leased jobs during the 3-instance run',
    '',
    markdownTable(['job', 'passes held (by instance)', 'refused (by instance)', 'overlaps', 'work done'], jobs),
    '',
    `Then ${leaving}, which held them, shuts down (SIGTERM) and gives its leases up:`,
    '',
    markdownTable(['job', 'taken over by', 'after s'], handover),
    '',
    '## Checks after the run',
    '',
    markdownTable(
      ['check', 'ok', 'detail'],
      checks.map((c) => ({ ...c, ok: c.ok ? 'PASS' : 'FAIL' })),
    ),
    '',
  ].join('\n');
  writeResults('scale', text);
}
