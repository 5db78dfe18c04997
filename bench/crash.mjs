// `npm run bench -- crash`: kill -9 the server five times during the mixed load (bench/mixed-load/)
// and restart it each time; clients send every request that got no answer again, with the same
// Idempotency-Key and body, until it is answered. Then the books, markets, chain and keys are checked
// (bench/books-check.mjs). Exits non-zero on any violation or any unexpected answer.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { checkAll } from './books-check.mjs';
import { freshDatabase, sleep } from './lib.mjs';
import { startSharedChain } from './mixed-load/chain.mjs';
import { ageOrders, passOneDay, passStakingDays } from './mixed-load/clock.mjs';
import { createHttp, createStats } from './mixed-load/http.mjs';
import { runMixedLoad } from './mixed-load/load.mjs';
import { JOBS, markdownTable, readTraces, writeResults } from './mixed-load/report.mjs';
import { serverProcess, serverSettings } from './mixed-load/servers.mjs';
import { runStrangerSweeper } from './mixed-load/stranger.mjs';
import { setupWorld } from './mixed-load/world.mjs';

const KILLS = 5;
/**
 * Sweeps and cold transfers run during the kills (issue 33): every deposit to a user's own address
 * is swept, and the hot wallet (10,000,000 of each token at the start) sends its excess to cold as
 * soon as it passes 9,999,100, down to 9,999,000. A stranger sweeps users' addresses too, through
 * the factory itself (issue 44; bench/mixed-load/stranger.mjs).
 */
const TREASURY = {
  SWEEP_MIN_USDT: '10',
  SWEEP_MIN_WALLX: '10',
  HOT_TARGET_USDT: '9999000',
  HOT_HIGH_USDT: '9999100',
  HOT_TARGET_WALLX: '9999000',
  HOT_HIGH_WALLX: '9999100',
};
const USERS = Number(process.env.BENCH_USERS ?? 12);
const port = Number(process.env.BENCH_CRASH_PORT ?? 18_400);
const anvilPort = port + 9;

/** Kills aimed at a treasury move on its way (issue 33): by kill index, the table holding it. */
const TARGETS = { 1: 'sweeps', 3: 'cold_transfers' };

/** Waits until `table` has a move sent and not yet settled, or `until` (performance.now() ms) passes; what was found. */
async function inFlight(db, table, until) {
  while (performance.now() < until) {
    const { rows } = await db.query(`select id from ${table} where status = 'sent' limit 1`);
    if (rows.length > 0) return `${table === 'sweeps' ? 'sweep' : 'cold transfer'} ${rows[0].id} in flight`;
    await sleep(20);
  }
  return `no ${table === 'sweeps' ? 'sweep' : 'cold transfer'} in flight`;
}

/** The kill (by index) that makes the staking pool's days due and falls on their distribution (decision 151). */
const STAKING_KILL = 2;
/** The distribution's advisory lock (apps/server/src/modules/staking-pool/distribution.ts), held for its whole transaction. */
const DISTRIBUTION_LOCK = 7411048;

/**
 * Waits until a server's distribution holds its lock (the job checks every second; a day's transaction
 * lasts some milliseconds), or `until` passes: the server running it, found by the lease's holder
 * (`host:pid:…`), or null.
 */
async function distributionInFlight(db, servers, until) {
  while (performance.now() < until) {
    const { rows } = await db.query(
      `select l.holder from pg_locks k join job_leases l on l.name = 'staking-distribution'
       where k.locktype = 'advisory' and k.objid = $1 and k.granted limit 1`,
      [DISTRIBUTION_LOCK],
    );
    if (rows.length > 0) {
      const pid = Number(rows[0].holder.split(':')[1]);
      const server = servers.find((s) => s.child?.pid === pid);
      if (server) return server;
    }
    await sleep(2);
  }
  return null;
}

/**
 * Until every withdrawal is paid and confirmed, every deposit credited, no order waits for the
 * sweeper, no sweep or cold transfer is in flight, the server has read the Swept events of the
 * stranger's last sweep (block `strangerBlock`) and of its own last one, and no user's address holds
 * a sweep's minimum by the books, which subtract every sweep read from the chain, ours and the
 * stranger's (issue 44).
 */
async function settle(databaseUrl, deposits, strangerBlock, timeoutMs = 300_000) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const started = performance.now();
  try {
    for (;;) {
      const { rows } = await db.query(`select
        (select count(*) from withdrawals where status <> 'completed')::int as unpaid,
        (select count(*) from deposits)::int as credited,
        (select count(*) from mtrade_orders where status = 'pending' and expires_at <= now())::int
          + (select count(*) from c2c_orders where status = 'pending' and expires_at <= now())::int as overdue,
        (select count(*) from sweeps where status = 'sent')::int
          + (select count(*) from cold_transfers where status = 'sent')::int as moving,
        (select count(*) from (
          select d.to_address, d.asset, sum(d.amount) - coalesce((select sum(sa.swept) from sweep_addresses sa
            join sweeps s on s.id = sa.sweep_id where s.status = 'confirmed' and sa.address = d.to_address and s.asset = d.asset), 0)
            - coalesce((select sum(e.amount) from swept_events e
              where e.sweep_id is null and e.address = d.to_address and e.asset = d.asset), 0) as unswept
          from deposits d where d.to_address is not null group by d.to_address, d.asset) a where a.unswept >= 10)::int as unswept,
        (select coalesce(max(block_number), -1) from chain_cursors where name like 'swept:%')::text as swept_through,
        (select coalesce(max(block_number), -1) from sweeps where status = 'confirmed')::text as last_sweep`);
      const state = rows[0];
      const isSettled =
        state.unpaid === 0 &&
        state.credited === deposits.length &&
        state.overdue === 0 &&
        BigInt(state.swept_through) >= strangerBlock &&
        BigInt(state.swept_through) >= BigInt(state.last_sweep);
      if (isSettled && state.moving === 0 && state.unswept === 0) return { ms: performance.now() - started, ...state };
      if (performance.now() - started > timeoutMs) return { ms: performance.now() - started, timedOut: true, ...state };
      await sleep(500);
    }
  } finally {
    await db.end();
  }
}

/**
 * Per job, from the load's start to the end of the checks' wait: passes held (and failed), how many
 * server processes held it, the longest time without a held pass (the output job runs only when a
 * day is due, so its pauses also include days not yet due), and after each kill the time until some
 * process held the job again: issue 34 asks for under 10 s for every job.
 */
/** Per kill, seconds until the job's next held pass began (any process). */
const takeovers = (held, killedAt, to) =>
  killedAt.map((kill) => ((held.find((r) => r.startedAt >= kill)?.startedAt ?? to) - kill) / 1000);

function jobPauses(runs, from, to, killedAt) {
  return Object.entries(JOBS).map(([job, matches]) => {
    const held = runs
      .filter((r) => matches(r.lease) && r.held && r.startedAt >= from && r.startedAt <= to)
      .sort((a, b) => a.startedAt - b.startedAt);
    const times = [from, ...held.map((r) => r.startedAt), to];
    const gaps = times.slice(1).map((t, i) => (t - times[i]) / 1000);
    const afterKills = takeovers(held, killedAt, to);
    const failed = held.filter((r) => r.failed);
    return {
      job,
      'passes held': held.length,
      'passes failed': failed.length,
      'server processes that held it': new Set(held.map((r) => r.holder)).size,
      'longest pause s': Math.max(...gaps).toFixed(1),
      'longest pause after a kill s': Math.max(...afterKills).toFixed(1),
      'first failure': failed[0]?.failed.slice(0, 120) ?? '—',
    };
  });
}

/**
 * The kills, at random moments of the load's first three quarters, one per slot; each server
 * started again at once.
 */
async function killDuringLoad({ servers, http, databaseUrl, loadStarted, seconds, staking }) {
  const kills = [];
  const killedAt = [];
  const slot = (seconds * 1000 * 0.75) / KILLS;
  const watch = new pg.Client({ connectionString: databaseUrl });
  await watch.connect();
  for (let i = 0; i < KILLS; i++) {
    const at = loadStarted + i * slot + (0.15 + 0.7 * Math.random()) * slot;
    await sleep(Math.max(0, at - performance.now()));
    // The second and fourth kills wait for a sweep, then a cold transfer, in flight (each is in flight
    // for about a second, a few times a minute), at most until 3 s before the load ends.
    const target = TARGETS[i];
    let server = servers[i % servers.length];
    let during = target ? await inFlight(watch, target, loadStarted + seconds * 1000 - 3000) : null;
    // The third makes the staking pool's days due, then kills the server whose distribution is running.
    if (i === STAKING_KILL) {
      staking.stakes = await passStakingDays(databaseUrl);
      staking.shiftedAt = (performance.now() - loadStarted) / 1000;
      const distributing = await distributionInFlight(watch, servers, performance.now() + 5000);
      if (distributing) server = distributing;
      during = distributing ? `staking distribution in flight (${distributing.name})` : 'no staking distribution seen';
    }
    const inFlightRequests = http.state.inFlight;
    const killed = performance.now();
    killedAt.push(Date.now());
    await server.kill();
    const startMs = await server.start();
    kills.push({
      'at s': ((killed - loadStarted) / 1000).toFixed(1),
      'requests in flight': inFlightRequests,
      'killed during': during ?? '—',
      'start → healthy ms': Math.round(startMs),
      'kill → healthy ms': Math.round(performance.now() - killed),
    });
  }
  await watch.end();
  return { kills, killedAt };
}

/** What the load did and met, a line each. */
function figuresOf({ records, retried, errors, serverErrors, done, stranger, settled }) {
  const byOutcome = (list, outcome) => list.filter((r) => r.outcome === outcome).length;
  const figures = [
    { measure: 'requests (load)', value: records.length },
    {
      measure: 'requests retried after no answer',
      value: `${retried.length} (${retried.reduce((n, r) => n + r.unanswered, 0)} unanswered attempts)`,
    },
    {
      measure: 'retried → answered ok / refused / already done',
      value: `${byOutcome(retried, 'ok')} / ${byOutcome(retried, 'refused')} / ${byOutcome(retried, 'converged')}`,
    },
    {
      measure: 'answers ok / expected refusals / errors',
      value: `${byOutcome(records, 'ok')} / ${byOutcome(records, 'refused')} / ${errors.length}`,
    },
    { measure: 'answers 5xx', value: serverErrors.length },
    { measure: 'actions', value: JSON.stringify(done.actions) },
    {
      measure: 'write-offs',
      value: `${done.writeoffs.filter((w) => w.outcome === 'ok').length} ok, ${done.writeoffs.filter((w) => w.outcome === 'converged').length} already done on retry`,
    },
    {
      measure: 'third-party sweeps (a stranger calling the factory during the kills)',
      value: `${stranger.sent} sent, ${stranger.moved} moved tokens, ${stranger.failed} failed${stranger.firstError ? ` (first: ${stranger.firstError})` : ''}`,
    },
    {
      measure: 'after the load: payouts and deposits settled',
      value: `${(settled.ms / 1000).toFixed(1)} s${settled.timedOut ? ` — TIMED OUT (${JSON.stringify(settled)})` : ''}`,
    },
  ];
  return figures;
}

/**
 * The staking pool's distribution job: when its days were made due, its passes, the processes that
 * held it, and how soon after each kill it ran again (it is not among the jobs above, which `scale`
 * also expects to do work each run; this one has work once per run).
 */
function stakingFigure(traces, staking, loadWallStart, killedAt) {
  const held = traces
    .filter((r) => r.lease === 'staking-distribution' && r.held && r.startedAt >= loadWallStart)
    .sort((a, b) => a.startedAt - b.startedAt);
  const back = takeovers(held, killedAt, Date.now());
  return {
    measure: 'staking distribution (two days made due once)',
    value: !staking.stakes
      ? 'days never made due (no stake by then)'
      : `${staking.stakes} stakes moved two days back at ${staking.shiftedAt.toFixed(1)} s, before kill ${STAKING_KILL + 1}; job passes held ${held.length} by ${new Set(held.map((r) => r.holder)).size} processes; back after each kill ${back.map((s) => s.toFixed(1)).join(' / ')} s`,
  };
}

/** The run's tables in bench/results/crash.md. */
function saveResults({ kills, figures, jobs, checks, loadSeconds, loadAverage, pass }) {
  writeResults(
    'crash',
    [
      '# bench crash — last run',
      '',
      `${new Date().toISOString()} · ${USERS} users · two RPC endpoints (RPC_QUORUM 2) · ${loadSeconds.toFixed(0)} s of load · ${os.cpus().length} cores · load average before the run ${loadAverage} · ${pass ? 'PASS' : 'FAIL'}`,
      '',
      markdownTable(Object.keys(kills[0] ?? {}), kills),
      '',
      markdownTable(['measure', 'value'], figures),
      '',
      markdownTable(
        [
          'job',
          'passes held',
          'passes failed',
          'server processes that held it',
          'longest pause s',
          'longest pause after a kill s',
          'first failure',
        ],
        jobs,
      ),
      '',
      markdownTable(
        ['check', 'result', 'detail'],
        checks.map(({ check, ok, detail }) => ({ check, result: ok ? 'PASS' : 'FAIL', detail })),
      ),
      '',
    ].join('\n'),
  );
}

export async function benchCrash() {
  const seconds = Number(process.env.BENCH_SECONDS ?? 60);
  const loadAverage = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  const database = await freshDatabase('wallx_crash');
  // Two endpoints of the chain, so that every money question goes through the quorum (issue 44).
  const chain = await startSharedChain({ port: anvilPort, endpoints: 2 });
  const operator = privateKeyToAccount(generatePrivateKey());
  const traceFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'wallx-crash-trace-')), 'jobs.jsonl');
  // Two instances share the database and the chain; each kill takes one down (in turn) while the
  // other serves: its jobs must go on elsewhere within 10 s (issue 34), then it is started again.
  // One set of settings, so both sign and accept the same tokens.
  const settings = serverSettings({
    chain,
    databaseUrl: database.url,
    operator,
    extra: { JOB_TRACE_FILE: traceFile, ...TREASURY },
  });
  const servers = [0, 1].map((i) => serverProcess({ port: port + i, settings, name: `crash-${i}` }));
  let isStopped = false;
  try {
    // One after the other: the first migrates the fresh database.
    let firstStartMs = 0;
    for (const server of servers) firstStartMs += await server.start();
    const stats = createStats();
    const http = createHttp({ bases: servers.map((server) => server.base), stats });
    const world = await setupWorld({ http, chain, operator, users: USERS });
    http.records.length = 0;

    // The load runs for `seconds`; the kills fall at random moments of its first three quarters, one per slot.
    const loadStarted = performance.now();
    const loadWallStart = Date.now();
    const until = () => isStopped;
    const loadRun = runMixedLoad({ http, chain, world, until });
    const strangerRun = runStrangerSweeper({ chain, databaseUrl: database.url, until });
    // The staking pool's two days pass once, at the third kill (killDuringLoad), so that the kill
    // falls on the distribution they make due.
    const staking = { shiftedAt: null, stakes: 0 };
    const clock = (async () => {
      while (!isStopped) {
        await sleep(4000);
        await passOneDay(database.url).catch(() => false);
        await ageOrders(database.url, 2).catch(() => 0);
      }
    })();
    const { kills, killedAt } = await killDuringLoad({
      servers,
      http,
      databaseUrl: database.url,
      loadStarted,
      seconds,
      staking,
    });
    await sleep(Math.max(0, loadStarted + seconds * 1000 - performance.now()));
    isStopped = true;
    const done = await loadRun;
    const stranger = await strangerRun;
    await clock;
    const loadSeconds = (performance.now() - loadStarted) / 1000;
    const settled = await settle(database.url, world.deposits, stranger.lastBlock);

    const records = http.records;
    const retried = records.filter((r) => r.unanswered > 0);
    const errors = records.filter((r) => r.outcome === 'error');
    const serverErrors = records.filter((r) => r.answer.status >= 500);
    console.log(
      `\nCrash safety: ${KILLS} × kill -9 during ${loadSeconds.toFixed(0)} s of mixed load, ${USERS} users, PostgreSQL, two servers (one killed at a time), one anvil served as two RPC endpoints (RPC_QUORUM 2) (server start before the load: ${Math.round(firstStartMs)} ms)`,
    );
    const traces = readTraces([traceFile]);
    const jobs = jobPauses(traces, loadWallStart, Date.now(), killedAt);
    // Each kill's row says when each job ran again, beside when the server answered again.
    for (const [job, matches] of Object.entries(JOBS)) {
      const held = traces.filter((r) => matches(r.lease) && r.held).sort((a, b) => a.startedAt - b.startedAt);
      takeovers(held, killedAt, Date.now()).forEach((s, i) => (kills[i][`${job} back s`] = s.toFixed(1)));
    }
    console.table(kills);
    const figures = figuresOf({ records, retried, errors, serverErrors, done, stranger, settled });
    figures.push(stakingFigure(traces, staking, loadWallStart, killedAt));
    console.table(figures);
    for (const e of errors.slice(0, 10))
      console.log(`error: ${e.method} ${e.path} → ${e.answer.status} ${e.answer.key}: ${e.answer.message}`);

    const slowTakeover = jobs.filter((j) => Number(j['longest pause after a kill s']) >= 10);
    console.log(
      "\nLeased jobs across the kills (JOB_TRACE_FILE): the other server takes a killed one's jobs over once their leases lapse (LEASE_TTL_MS)",
    );
    console.table(jobs);
    // Steps that failed (and backed off): a restart's first passes may find the chain or the database busy.
    const jobFailures = servers.flatMap((server) => server.jobFailures);
    for (const job of new Set(jobFailures.map((f) => f.job))) {
      const list = jobFailures.filter((f) => f.job === job);
      console.log(`job step failed: ${job} × ${list.length}, first: ${list[0].message.slice(0, 200)}`);
    }

    const checks = await checkAll({ databaseUrl: database.url, chain, world, http, distributed: true });
    console.table(checks.map(({ check, ok, detail }) => ({ check, result: ok ? 'PASS' : 'FAIL', detail })));
    const pass =
      checks.every((c) => c.ok) &&
      errors.length === 0 &&
      stranger.failed === 0 &&
      stranger.moved > 0 &&
      !settled.timedOut &&
      kills.length === KILLS &&
      slowTakeover.length === 0;
    console.log(
      `crash: ${kills.length} kills, ${records.length} requests, ${retried.length} retried, ${errors.length} errors, ${checks.filter((c) => !c.ok).length} failed checks, ${slowTakeover.length} jobs taken over in 10 s or more → ${pass ? 'PASS' : 'FAIL'}`,
    );
    saveResults({ kills, figures, jobs, checks, loadSeconds, loadAverage, pass });
    if (!pass)
      for (const server of servers) console.log(`${server.name} output (tail):\n${server.output.slice(-3000)}`);
    return pass;
  } finally {
    isStopped = true;
    for (const server of servers) await server.stop();
    await chain.stop();
    fs.rmSync(path.dirname(traceFile), { recursive: true, force: true });
    // BENCH_KEEP_DATABASE=1 leaves the database for a look after a failure (drop it by hand).
    if (process.env.BENCH_KEEP_DATABASE === '1') console.log(`database kept: ${database.url}`);
    else await database.drop();
  }
}
