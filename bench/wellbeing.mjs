// Check-ins and the weekly board at scale (issue 47): 1,000,000 users (BENCH_WELLBEING_USERS) with 30
// days of check-ins each and a full board this week and last, on PostgreSQL. Measured over HTTP
// beside GET /api/user/info on the same stack in the same run: a day's first check-in (the reward
// paid, the board row kept) and its edit, p50/p95; the board's first page, a deep page and the
// caller's own standing, p50/p95. Then the weekly close over last week's 1,000,000 entries beside a
// bare INSERT … SELECT of the same rows.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { freshDatabase, loginNewWallet, percentile, root, startProcess, stop, waitForHealth } from './lib.mjs';

const dist = (p) => path.join(root, 'apps/server/dist', p);
const USERS = Number(process.env.BENCH_WELLBEING_USERS ?? 1_000_000);
const DAYS = 30;
const CALLERS = 200;
const REQUESTS = 200;

/** `day` minus n days, as YYYY-MM-DD (UTC arithmetic on a date). */
const minusDays = (day, n) => new Date(Date.parse(`${day}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
/** The Monday of the week holding `day`. */
const mondayOf = (day) => minusDays(day, (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7);

/**
 * Users, their 30 days up to yesterday (a day in ten missed, so streaks vary; each day at the user's
 * own hour), and the board's rows
 * of this week and last as the check-ins would have kept them. Set-based SQL: minutes, not hours.
 */
async function seedHistory(db, today) {
  await sql`insert into checkins (user_id, day, mood, feelings, note, streak, reward, created_at, updated_at)
    select u.id, ${today}::date - d, 1 + (u.id + d) % 5, array['calm', 'tired'], null,
      greatest(1, ${DAYS} - d - ((u.id + d) % 10)), 1, at, at
    from users u cross join generate_series(1, ${DAYS}) d
      -- People check in at all hours: each at their own second of the day.
      cross join lateral (select now() - d * interval '1 day' - ((u.id * 7919 + d) % 86400) * interval '1 second' as at) t
    where (u.id + d) % 10 <> 0`.execute(db);
  const thisWeek = mondayOf(today);
  const lastWeek = minusDays(thisWeek, 7);
  await sql`insert into leaderboard_entries (week, user_id, days, streak, reached_at)
    select date_trunc('week', c.day)::date, c.user_id, count(*), max(c.streak), max(c.created_at)
    from checkins c
    where c.day >= ${lastWeek}::date
    group by 1, 2`.execute(db);
  return { thisWeek, lastWeek };
}

async function seedUsers(db) {
  await sql`insert into users (address, share_code)
    select '0x' || lpad(to_hex(g), 40, '0'), 'W' || lpad(g::text, 7, '0') from generate_series(1, ${USERS}) g`.execute(
    db,
  );
  // Every user has their two accounts, as a sign-in makes them: a prize is posted to one.
  await sql`insert into accounts (user_id, kind, asset)
    select u.id, 'user', a.asset from users u cross join (values ('USDT'), ('WALLX')) as a (asset)`.execute(db);
}

async function timedFetch(url, init) {
  const started = process.hrtime.bigint();
  const body = await fetch(url, init).then((r) => r.json());
  if (body.code !== 0) throw new Error(`${url} answered ${JSON.stringify(body)}`);
  return { ms: Number(process.hrtime.bigint() - started) / 1e6, body };
}

const row = (name, latencies, reference) => ({
  request: name,
  'p50 ms': percentile(latencies, 50).toFixed(2),
  'p95 ms': percentile(latencies, 95).toFixed(2),
  'max ms': Math.max(...latencies).toFixed(1),
  'p50 / user/info': reference ? (percentile(latencies, 50) / reference).toFixed(2) : '1.00',
});

/**
 * The weekly close of last week (its 1,000,000 entries ranked, the prizes paid from the budget, in one
 * transaction), 3 rounds alternating with the reference, medians: each round closes the week again
 * after its row is removed (prizes and the week's row; the books keep what was paid, as they should).
 */
async function measureClose({ handle, lastWeek }) {
  const { createWeeklyClose } = /** @type {typeof import('../apps/server/src/modules/leaderboard/weekly-close.js')} */ (
    await import(dist('modules/leaderboard/weekly-close.js'))
  );
  const { createLeaderboardRepository } =
    /** @type {typeof import('../apps/server/src/modules/leaderboard/repository.js')} */ (
      await import(dist('modules/leaderboard/repository.js'))
    );
  const { createLedger } = /** @type {typeof import('../apps/server/src/kernel/ledger/ledger.js')} */ (
    await import(dist('kernel/ledger/ledger.js'))
  );
  const { createRewards } = /** @type {typeof import('../apps/server/src/kernel/rewards/rewards.js')} */ (
    await import(dist('kernel/rewards/rewards.js'))
  );
  const close = createWeeklyClose({
    db: handle.db,
    repository: createLeaderboardRepository(),
    rewards: createRewards({ ledger: createLedger() }),
    holdsWorkingMiner: async () => true,
    timeZone: 'UTC',
  });
  const timed = async (work) => {
    const started = process.hrtime.bigint();
    await work();
    return Number(process.hrtime.bigint() - started) / 1e6;
  };
  const ours = [];
  const reference = [];
  let paid = 0;
  for (let round = 0; round < 3; round++) {
    await sql`delete from leaderboard_prizes where week = ${lastWeek}::date`.execute(handle.db);
    await sql`delete from leaderboard_weeks where week = ${lastWeek}::date`.execute(handle.db);
    ours.push(
      await timed(async () => {
        const result = await close.closeWeek(lastWeek);
        paid = result?.paid ?? 0;
      }),
    );
    await sql`drop table if exists bench_week_copy`.execute(handle.db);
    await sql`create table bench_week_copy (like leaderboard_entries including all)`.execute(handle.db);
    reference.push(
      await timed(() =>
        sql`insert into bench_week_copy select * from leaderboard_entries where week = ${lastWeek}::date`.execute(
          handle.db,
        ),
      ),
    );
  }
  const median = (values) => [...values].sort((a, b) => a - b)[1];
  const { rows } =
    await sql`select count(*)::text as n from leaderboard_entries where week = ${lastWeek}::date`.execute(handle.db);
  const entries = /** @type {{ n: string }} */ (rows[0]).n;
  return {
    job: `weekly close of ${Number(entries).toLocaleString('en-US')} entries (${paid} places paid)`,
    'close ms (median of 3)': median(ours).toFixed(1),
    'INSERT … SELECT ms (median of 3)': median(reference).toFixed(1),
    ratio: median(ours) / median(reference),
  };
}

export async function benchWellbeing() {
  const database = await freshDatabase('wallx_bench_wellbeing');
  const { openDatabase } = /** @type {typeof import('../apps/server/src/platform/db/database.js')} */ (
    await import(dist('platform/db/database.js'))
  );
  const { migrate } = /** @type {typeof import('../apps/server/src/platform/db/migrate.js')} */ (
    await import(dist('platform/db/migrate.js'))
  );
  const { createLedger } = /** @type {typeof import('../apps/server/src/kernel/ledger/ledger.js')} */ (
    await import(dist('kernel/ledger/ledger.js'))
  );
  const { createRewards } = /** @type {typeof import('../apps/server/src/kernel/rewards/rewards.js')} */ (
    await import(dist('kernel/rewards/rewards.js'))
  );
  const handle = await openDatabase({ kind: 'postgres', url: database.url, poolSize: 2 });
  let server;
  try {
    await migrate(handle.db);
    const rewards = createRewards({ ledger: createLedger() });
    await handle.db.transaction().execute((trx) => rewards.fund(trx, '100000000', { type: 'bench', id: 'budget' }));
    // Every account earns here: the bench measures the reward's path, not the miner check's refusal.
    await sql`insert into checkin_settings (settings, version, updated_by)
      values (${JSON.stringify({ ...(await rewards.settings(handle.db)).values, require_holding: false })}::jsonb, 1, 'bench')`.execute(
      handle.db,
    );
    let started = Date.now();
    await seedUsers(handle.db);

    const port = 18_606;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallx-bench-'));
    server = await startProcess(
      ['apps/server/dist/server.js'],
      {
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: database.url,
        LOG_LEVEL: 'warn',
        // 200 wallets sign in from one address, and each checks in twice.
        RATE_LIMIT_LOGIN_PER_MINUTE: '100000',
        // The wallets sign in before the history is seeded, which took 19 minutes on a loaded machine:
        // past the default 15, every token had expired before the first measured request.
        ACCESS_TOKEN_TTL_SECONDS: '86400',
      },
      null,
    );
    const baseUrl = `http://127.0.0.1:${port}`;
    await waitForHealth(`${baseUrl}/api/health`);
    const callers = [];
    for (let i = 0; i < CALLERS; i++) callers.push(await loginNewWallet(baseUrl));
    const today = (
      await timedFetch(`${baseUrl}/api/checkins/today`, { headers: { authorization: callers[0].authorization } })
    ).body.data.day;
    const { thisWeek, lastWeek } = await seedHistory(handle.db, today);
    await sql`vacuum analyze`.execute(handle.db);
    const seededIn = (Date.now() - started) / 1000;
    const { rows: counts } = await sql`select (select count(*) from checkins)::text as checkins,
      (select count(*) from leaderboard_entries where week = ${thisWeek}::date)::text as this_week,
      (select count(*) from leaderboard_entries where week = ${lastWeek}::date)::text as last_week`.execute(handle.db);
    console.log(`seeded ${USERS.toLocaleString('en-US')} users in ${seededIn.toFixed(0)} s:`, counts[0]);

    const reference = [];
    for (let i = 0; i < REQUESTS; i++)
      reference.push(
        (
          await timedFetch(`${baseUrl}/api/user/info`, {
            headers: { authorization: callers[i % CALLERS].authorization },
          })
        ).ms,
      );
    const referenceP50 = percentile(reference, 50);

    const checkin = (caller, mood) =>
      timedFetch(`${baseUrl}/api/checkins/today`, {
        method: 'PUT',
        headers: { authorization: caller.authorization, 'content-type': 'application/json' },
        body: JSON.stringify({ mood, feelings: ['calm'], note: null }),
      });
    const first = [];
    for (const caller of callers) {
      const { ms, body } = await checkin(caller, 4);
      if (body.data.reward?.amount == null)
        throw new Error(`a first check-in paid nothing: ${JSON.stringify(body.data)}`);
      first.push(ms);
    }
    const edits = [];
    for (const caller of callers) edits.push((await checkin(caller, 3)).ms);

    const board = [];
    const deep = [];
    for (let i = 0; i < REQUESTS; i++) {
      const headers = { authorization: callers[i % CALLERS].authorization };
      board.push((await timedFetch(`${baseUrl}/api/leaderboard`, { headers })).ms);
      deep.push((await timedFetch(`${baseUrl}/api/leaderboard?page=${1 + ((i * 7919) % 40_000)}`, { headers })).ms);
    }
    const rows = [
      row('PUT /api/checkins/today (first of the day)', first, referenceP50),
      row('PUT /api/checkins/today (edit)', edits, referenceP50),
      row('GET /api/leaderboard (first page, with my rank)', board, referenceP50),
      row('GET /api/leaderboard (deep page)', deep, referenceP50),
      row('reference: GET /api/user/info', reference, null),
    ];
    console.log(
      `\nCheck-ins and the board on PostgreSQL, ${USERS.toLocaleString('en-US')} users × ${DAYS} days, sequential requests`,
    );
    console.table(rows);

    const close = await measureClose({ handle, lastWeek });
    console.table([{ ...close, ratio: close.ratio.toFixed(3) }]);

    const boardRatio = percentile(board, 50) / referenceP50;
    const closeRatio = close.ratio;
    const pass = boardRatio <= 2 && closeRatio <= 1.5;
    console.log(
      `board p50 ${boardRatio.toFixed(2)}× user/info (target ≤ 2×); weekly close ${closeRatio.toFixed(2)}× a bare INSERT … SELECT (target ≤ 1.5×) → ${pass ? 'PASS' : 'FAIL'}`,
    );
    return pass;
  } catch (error) {
    console.error('wellbeing benchmark failed:', error);
    return false;
  } finally {
    if (server) await stop(server);
    await handle.close();
    await database.drop();
  }
}
