// Team reads on a tree of 1,000,000 users up to 30 levels deep (PostgreSQL): GET /api/team/summary
// for the root and for a mid-level user, p50/p95 over HTTP beside GET /api/user/info in the same run,
// with the plan of the summary query; and the first-login write of a new user at depth 30 (user,
// accounts, 30 path rows, 30 teams counted), timed as the transaction the server commits.
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { freshDatabase, loginNewWallet, percentile, root, startProcess, stop, waitForHealth } from './lib.mjs';

const dist = (p) => path.join(root, 'apps/server/dist', p);
const USERS = Number(process.env.BENCH_TEAM_USERS ?? 1_000_000);
const LEVELS = 30;
const REQUESTS = 300;
const INSERTS = 200;

/** Level sizes: doubling from the root, then flat, adding up to USERS over LEVELS levels (0 … 29). */
function levelSizes() {
  const sizes = [1];
  while (sizes.length < LEVELS) {
    const left = USERS - sizes.reduce((a, b) => a + b, 0);
    const flat = Math.ceil(left / (LEVELS - sizes.length));
    sizes.push(Math.min(sizes[sizes.length - 1] * 2, flat));
  }
  return sizes;
}

async function seed(db, sizes) {
  // A bulk load: foreign keys and triggers are off for this session only (superuser on the bench database).
  await sql`set session_replication_role = replica`.execute(db);
  let first = 1;
  const ranges = [];
  for (const [level, size] of sizes.entries()) {
    const last = first + size - 1;
    const parent = ranges[level - 1];
    // Each user of a level is invited by a pseudo-random user of the level above.
    await sql`insert into users (id, address, share_code, inviter_id, created_at) overriding system value
      select g, '0x' || lpad(to_hex(g), 40, '0'), 'T' || lpad(g::text, 7, '0'),
             ${parent ? sql`${parent.first}::bigint + (g * 7919) % ${parent.size}` : sql`null`},
             now() - (${USERS} - g) * interval '1 second'
        from generate_series(${first}::bigint, ${last}::bigint) g`.execute(db);
    if (parent) {
      await sql`insert into team_paths (descendant_id, ancestor_id, depth)
        select u.id, p.ancestor_id, p.depth + 1 from users u join team_paths p on p.descendant_id = u.inviter_id
         where u.id between ${first} and ${last}
        union all
        select u.id, u.inviter_id, 1 from users u where u.id between ${first} and ${last}
        order by 1, 2`.execute(db);
    }
    ranges.push({ first, last, size });
    first = last + 1;
  }
  await sql`select setval(pg_get_serial_sequence('users', 'id'), ${first - 1})`.execute(db);
  await sql`insert into accounts (user_id, kind, asset) select id, 'user', a from users, (values ('USDT'), ('WALLX')) v(a)`.execute(
    db,
  );
  // Everyone bought something once; the rollups are what those purchases add up to.
  await sql`insert into team_stats (user_id, direct_count, team_size, own_usdt, own_wallx, team_usdt, team_wallx)
    select u.id, coalesce(d.n, 0), coalesce(t.n, 0), 100, 500, 100 * coalesce(t.n, 0), 500 * coalesce(t.n, 0)
      from users u
      left join (select inviter_id, count(*) n from users where inviter_id is not null group by inviter_id) d on d.inviter_id = u.id
      left join (select ancestor_id, count(*) n from team_paths group by ancestor_id) t on t.ancestor_id = u.id`.execute(
    db,
  );
  // Ten days of team purchases for everyone with a team.
  await sql`insert into team_daily (user_id, day, usdt, wallx)
    select s.user_id, current_date - d, 10 * s.team_size, 50 * s.team_size
      from team_stats s, generate_series(0, 9) d where s.team_size > 0`.execute(db);
  await sql`set session_replication_role = origin`.execute(db);
  await sql`vacuum analyze`.execute(db);
  return ranges;
}

const stats = (values) => ({
  'p50 ms': percentile(values, 50).toFixed(2),
  'p95 ms': percentile(values, 95).toFixed(2),
  'max ms': Math.max(...values).toFixed(2),
});

/** The team reads over HTTP, 50 to warm up, then REQUESTS each: a row each, the reference last. */
async function measureReads({ baseUrl, rootAuth, midAuth, midAddress, midLevel, teams }) {
  async function timed(url, headers) {
    const started = process.hrtime.bigint();
    const body = await fetch(url, { headers }).then((r) => r.json());
    if (body.code !== 0) throw new Error(`${url} answered ${JSON.stringify(body)}`);
    return Number(process.hrtime.bigint() - started) / 1e6;
  }
  async function measure(url, headers) {
    for (let i = 0; i < 50; i++) await timed(url, headers);
    const latencies = [];
    for (let i = 0; i < REQUESTS; i++) latencies.push(await timed(url, headers));
    return stats(latencies);
  }
  const rows = [
    {
      read: `GET /api/team/summary — root (team ${Number(teams[0].team_size).toLocaleString('en-US')})`,
      ...(await measure(`${baseUrl}/api/team/summary`, rootAuth)),
    },
    {
      read: `GET /api/team/summary — level ${midLevel} (team ${Number(teams[1].team_size).toLocaleString('en-US')})`,
      ...(await measure(`${baseUrl}/api/team/summary`, midAuth)),
    },
    {
      read: `GET /api/team/summary?of=level ${midLevel}, by the root`,
      ...(await measure(`${baseUrl}/api/team/summary?of=${midAddress}`, rootAuth)),
    },
    { read: 'GET /api/team/members — root, first page', ...(await measure(`${baseUrl}/api/team/members`, rootAuth)) },
    { read: 'reference: GET /api/user/info — root', ...(await measure(`${baseUrl}/api/user/info`, rootAuth)) },
  ];
  return rows;
}

/** The plan of the summary query: the repository's own SQL, captured as it runs, explained with real execution. */
async function summaryPlan({ database, dayInZone, createTeamRepository, midAddress }) {
  const captured = [];
  const pool = new pg.Pool({ connectionString: database.url, max: 1 });
  const logged = new Kysely({
    dialect: new PostgresDialect({ pool }),
    log: (event) => void captured.push(event.query),
  });
  // The server's day, in the zone the team service is given (measureJoins), not the runner's UTC calendar.
  const today = dayInZone(Date.now(), 'Asia/Shanghai');
  await createTeamRepository().summary(logged, '1', midAddress, { today, from: today });
  const query = captured.at(-1);
  const { rows: planRows } = await pool.query(
    `explain (analyze, buffers, costs off, timing off, summary off) ${query.sql}`,
    query.parameters,
  );
  await logged.destroy();
  const plan = planRows.map((r) => r['QUERY PLAN']);
  const seqScans = plan.filter((l) => /Seq Scan/.test(l)).length;
  return { plan, seqScans };
}

/**
 * The first-login write of new users at depth 30, timed as the server commits it, beside the
 * cheapest write transaction there is.
 */
async function measureJoins({ db, ranges, createTeamService, createTeamRepository, createUserRepository }) {
  // New users at depth 30: each under a different user of the deepest level, as the login does it.
  const team = createTeamService({
    db,
    team: createTeamRepository(),
    timeZone: 'Asia/Shanghai',
    publicAppUrl: '',
  });
  const users = createUserRepository();
  const deepest = ranges[ranges.length - 1];
  const inserts = [];
  const joins = [];
  const floor = [];
  await sql`create temporary table commit_floor (id bigint)`.execute(db);
  for (let i = 0; i < INSERTS + 20; i++) {
    const inviterId = String(deepest.first + ((i * 104729) % deepest.size));
    const address = privateKeyToAccount(generatePrivateKey()).address.toLowerCase();
    const started = process.hrtime.bigint();
    let joined = 0;
    await db.transaction().execute(async (trx) => {
      const id = await users.insert(trx, { address, shareCode: `N${String(i).padStart(7, '0')}`, inviterId });
      if (!id) throw new Error(`user ${address} was not inserted`);
      const before = process.hrtime.bigint();
      await team.join(trx, id, inviterId);
      joined = Number(process.hrtime.bigint() - before) / 1e6;
    });
    const total = Number(process.hrtime.bigint() - started) / 1e6;
    // Reference: the cheapest write transaction there is (one row, commit), on the same connection pool.
    const refStarted = process.hrtime.bigint();
    await db.transaction().execute((trx) => sql`insert into commit_floor values (${i})`.execute(trx));
    const ref = Number(process.hrtime.bigint() - refStarted) / 1e6;
    if (i >= 20) {
      inserts.push(total);
      joins.push(joined);
      floor.push(ref);
    }
  }
  const [newDepth] = /** @type {{ depth: number }[]} */ (
    (await sql`select max(depth) depth from team_paths where descendant_id = (select max(id) from users)`.execute(db))
      .rows
  );
  return { inserts, joins, floor, newDepth };
}

export async function benchTeam() {
  const database = await freshDatabase('wallx_bench_team');
  const { openDatabase } = /** @type {typeof import('../apps/server/src/platform/db/database.js')} */ (
    await import(dist('platform/db/database.js'))
  );
  const { migrate } = /** @type {typeof import('../apps/server/src/platform/db/migrate.js')} */ (
    await import(dist('platform/db/migrate.js'))
  );
  const { createUserRepository } = /** @type {typeof import('../apps/server/src/kernel/users/repository.js')} */ (
    await import(dist('kernel/users/repository.js'))
  );
  const { createTeamRepository } = /** @type {typeof import('../apps/server/src/modules/team/repository.js')} */ (
    await import(dist('modules/team/repository.js'))
  );
  const { createTeamService } = /** @type {typeof import('../apps/server/src/modules/team/service.js')} */ (
    await import(dist('modules/team/service.js'))
  );
  const { dayInZone } = /** @type {typeof import('../apps/server/src/platform/time/days.js')} */ (
    await import(dist('platform/time/days.js'))
  );
  const handle = await openDatabase({ kind: 'postgres', url: database.url, poolSize: 2 });
  let server;
  try {
    await migrate(handle.db);
    const sizes = levelSizes();
    const seedStarted = Date.now();
    const ranges = await seed(handle.db, sizes);
    const [counts] = /** @type {{ users: string, paths: string, depth: number }[]} */ (
      (
        await sql`select (select count(*) from users) users, (select count(*) from team_paths) paths, (select max(depth) from team_paths) depth`.execute(
          handle.db,
        )
      ).rows
    );
    console.log(
      `seeded ${Number(counts.users).toLocaleString('en-US')} users, ${Number(counts.paths).toLocaleString('en-US')} path rows, ${counts.depth} levels below the root, in ${((Date.now() - seedStarted) / 1000).toFixed(0)} s`,
    );

    // The root and a user half-way down become wallets the bench can sign with.
    const rootWallet = privateKeyToAccount(generatePrivateKey());
    const midWallet = privateKeyToAccount(generatePrivateKey());
    const midLevel = 15;
    const midId = String(ranges[midLevel].first);
    await sql`update users set address = ${rootWallet.address.toLowerCase()} where id = 1`.execute(handle.db);
    await sql`update users set address = ${midWallet.address.toLowerCase()} where id = ${midId}::bigint`.execute(
      handle.db,
    );
    const teams = /** @type {{ user_id: string, team_size: string }[]} */ (
      (
        await sql`select user_id, team_size from team_stats where user_id in (1, ${midId}::bigint) order by user_id`.execute(
          handle.db,
        )
      ).rows
    );

    const port = 18_607;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallx-bench-'));
    server = await startProcess(
      ['apps/server/dist/server.js'],
      { PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: database.url, LOG_LEVEL: 'warn' },
      null,
    );
    const baseUrl = `http://127.0.0.1:${port}`;
    try {
      await waitForHealth(`${baseUrl}/api/health`, 120);
    } catch (error) {
      console.error(server.output);
      throw error;
    }
    const rootAuth = { authorization: (await loginNewWallet(baseUrl, rootWallet)).authorization };
    const midAuth = { authorization: (await loginNewWallet(baseUrl, midWallet)).authorization };

    const midAddress = midWallet.address.toLowerCase();
    const rows = await measureReads({ baseUrl, rootAuth, midAuth, midAddress, midLevel, teams });

    const { plan, seqScans } = await summaryPlan({ database, dayInZone, createTeamRepository, midAddress });

    const { inserts, joins, floor, newDepth } = await measureJoins({
      db: handle.db,
      ranges,
      createTeamService,
      createTeamRepository,
      createUserRepository,
    });
    rows.push({
      read: `new user at depth ${newDepth.depth}: 30 path rows + 30 teams counted (the join statement)`,
      ...stats(joins),
    });
    rows.push({
      read: 'new user at depth 30: the whole first-login write (user, accounts, join, commit)',
      ...stats(inserts),
    });
    rows.push({ read: 'reference: a one-row insert transaction (commit)', ...stats(floor) });

    console.log(
      `\nTeam on PostgreSQL, ${USERS.toLocaleString('en-US')} users, ${REQUESTS} sequential requests per read after 50 to warm up`,
    );
    console.table(rows);
    console.log('\nPlan of the summary check (level-15 user, viewed by the root):');
    console.log(plan.map((l) => `  ${l}`).join('\n'));
    const summaryP95 = Math.max(Number(rows[0]['p95 ms']), Number(rows[1]['p95 ms']), Number(rows[2]['p95 ms']));
    const insertP95 = Number(rows[rows.length - 3]['p95 ms']);
    const ratio = Number(rows[0]['p50 ms']) / Number(rows[4]['p50 ms']);
    const pass = summaryP95 < 20 && insertP95 < 5 && seqScans === 0 && newDepth.depth === 30;
    console.log(
      `summary p95 ${summaryP95.toFixed(2)} ms (target < 20 ms), p50 ${ratio.toFixed(2)}× user/info; depth-30 join p95 ${insertP95.toFixed(2)} ms (target < 5 ms); seq scans ${seqScans} → ${pass ? 'PASS' : 'FAIL'}`,
    );
    return pass;
  } catch (error) {
    console.error('team benchmark failed:', error);
    return false;
  } finally {
    if (server) await stop(server);
    await handle.close();
    await database.drop();
  }
}
