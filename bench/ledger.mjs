// Internal transfers through the ledger service vs pgbench's two-row transfer on the same PostgreSQL.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  cannon,
  freshDatabase,
  fundPasswordBody,
  loginNewWallet,
  percentile,
  root,
  seconds,
  startProcess,
  stop,
  waitForHealth,
} from './lib.mjs';

const dist = (p) => path.join(root, 'apps/server/dist', p);
const CLIENTS = 16;
// pgbench -j and our client processes: the same number of cores drive the load on both sides.
const THREADS = 2;
const USERS = 1000;

async function seed(db, sql, createLedger) {
  await sql`insert into users (address, share_code)
    select '0x' || lpad(to_hex(g), 40, '0'), 'L' || lpad(g::text, 7, '0') from generate_series(1, ${USERS}) g`.execute(
    db,
  );
  await sql`insert into accounts (user_id, kind, asset) select id, 'user', a from users, (values ('USDT'), ('WALLX')) v(a)`.execute(
    db,
  );
  const ledger = createLedger();
  const users = await db.selectFrom('users').select('id').orderBy('id').execute();
  for (const { id } of users) {
    await db.transaction().execute((trx) =>
      ledger.post(trx, {
        debit: { platform: 'deposits' },
        credit: { user: id },
        asset: 'USDT',
        amount: '1000000000',
        type: 'deposit',
        ref: { type: 'bench', id },
      }),
    );
  }
  // pgbench's own copy of the accounts, so the reference does not touch the books it is compared with.
  await sql`create table bench_accounts (id bigint primary key, balance numeric(38, 18) not null check (balance >= 0))`.execute(
    db,
  );
  await sql`insert into bench_accounts select row_number() over (order by id), balance from accounts where kind = 'user' and asset = 'USDT'`.execute(
    db,
  );
  await sql`create table bench_history (from_id bigint, to_id bigint, amount numeric(38, 18), at timestamptz default now())`.execute(
    db,
  );
  await sql`analyze`.execute(db);
  return users.map((u) => u.id);
}

function pgbench(url, lo, hi) {
  const script = path.join(os.tmpdir(), `wallx-transfer-${process.pid}.sql`);
  fs.writeFileSync(
    script,
    `\\set a random(${lo}, ${hi})
\\set b random(${lo}, ${hi})
BEGIN;
UPDATE bench_accounts SET balance = balance + CASE WHEN id = :a THEN -1 ELSE 1 END WHERE id IN (:a, :b);
INSERT INTO bench_history (from_id, to_id, amount) VALUES (:a, :b, 1);
END;
`,
  );
  const u = new URL(url);
  const result = spawnSync(
    'pgbench',
    [
      '-h',
      u.hostname,
      '-p',
      u.port || '5432',
      '-U',
      decodeURIComponent(u.username || 'postgres'),
      '-n',
      '-M',
      'prepared',
      '-c',
      String(CLIENTS),
      '-j',
      String(THREADS),
      '-T',
      String(seconds),
      '-f',
      script,
      u.pathname.slice(1),
    ],
    { encoding: 'utf8' },
  );
  fs.rmSync(script, { force: true });
  const tps = /tps = ([\d.]+)/.exec(result.stdout)?.[1];
  if (!tps) throw new Error(`pgbench failed: ${result.stdout}\n${result.stderr}`);
  return Number(tps);
}

/** CLIENTS users signed in, each with a fund password and funds to send. */
async function fundedSenders(baseUrl, db, createLedger) {
  const senders = [];
  for (let i = 0; i < CLIENTS; i++) {
    const { account, address, authorization } = await loginNewWallet(baseUrl);
    const set = await fetch(`${baseUrl}/api/user/fund_password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization },
      body: JSON.stringify(await fundPasswordBody(baseUrl, account, 'bench-pw')),
    }).then((r) => r.json());
    if (set.code !== 0) throw new Error(`fund password not set: ${JSON.stringify(set)}`);
    const { id } = await db.selectFrom('users').select('id').where('address', '=', address).executeTakeFirstOrThrow();
    await db.transaction().execute((trx) =>
      createLedger().post(trx, {
        debit: { platform: 'deposits' },
        credit: { user: id },
        asset: 'USDT',
        amount: '1000000000',
        type: 'deposit',
        ref: { type: 'bench', id },
      }),
    );
    senders.push({ authorization, address });
  }
  return senders;
}

export async function benchLedger() {
  const database = await freshDatabase('wallx_bench_ledger');
  const { openDatabase } = /** @type {typeof import('../apps/server/src/platform/db/database.js')} */ (
    await import(dist('platform/db/database.js'))
  );
  const { migrate } = /** @type {typeof import('../apps/server/src/platform/db/migrate.js')} */ (
    await import(dist('platform/db/migrate.js'))
  );
  const { createLedger } = /** @type {typeof import('../apps/server/src/kernel/ledger/ledger.js')} */ (
    await import(dist('kernel/ledger/ledger.js'))
  );
  const { checkLedger } = /** @type {typeof import('../apps/server/src/kernel/ledger/check.js')} */ (
    await import(dist('kernel/ledger/check.js'))
  );
  const { sql } = await import('kysely');
  const handle = await openDatabase({ kind: 'postgres', url: database.url, poolSize: CLIENTS });
  let server;
  try {
    await migrate(handle.db);
    const ids = await seed(handle.db, sql, createLedger);
    const [lo, hi] = [1, USERS];

    // Reference and ours alternate, three rounds each on the same database and rows, so drift in
    // the machine's speed during the run hits both alike; the figures are the medians.
    async function ours() {
      const workers = Array.from(
        { length: THREADS },
        () =>
          new Promise((resolve, reject) => {
            const child = spawn(
              process.execPath,
              [
                path.join(root, 'bench/ledger-worker.mjs'),
                database.url,
                String(CLIENTS / THREADS),
                String(seconds),
                JSON.stringify(ids),
              ],
              { stdio: ['ignore', 'pipe', 'inherit'] },
            );
            let out = '';
            child.stdout.on('data', (chunk) => (out += chunk));
            child.on('exit', (code) =>
              code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`ledger worker exited ${code}`)),
            );
          }),
      );
      const results = await Promise.all(workers);
      return results.reduce((sum, r) => sum + r.done / r.elapsed, 0);
    }
    const rounds = [];
    for (let round = 0; round < 3; round++)
      rounds.push({ reference: pgbench(database.url, lo, hi), ledger: await ours() });
    const referenceTps = percentile(
      rounds.map((r) => r.reference),
      50,
    );
    const ledgerTps = percentile(
      rounds.map((r) => r.ledger),
      50,
    );
    console.log(
      'rounds (tx/s):',
      rounds.map((r) => `pgbench ${r.reference.toFixed(0)} / ledger ${r.ledger.toFixed(0)}`).join('; '),
    );
    const books = await checkLedger(handle.db);
    if (!books.ok) throw new Error(`ledger check failed after the run: ${JSON.stringify(books.problems.slice(0, 5))}`);

    // The whole HTTP path, fund password (Argon2id) included, reported on its own.
    const port = 18_603;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallx-bench-'));
    // The load comes from one address and few users: the fund-password limits are lifted for it.
    const limits = {
      RATE_LIMIT_LOGIN_PER_MINUTE: '1000',
      RATE_LIMIT_FUND_PASSWORD_PER_USER_PER_MINUTE: '1000000',
      RATE_LIMIT_FUND_PASSWORD_PER_IP_PER_MINUTE: '1000000',
    };
    server = await startProcess(
      ['apps/server/dist/server.js'],
      { PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: database.url, LOG_LEVEL: 'warn', ...limits },
      null,
    );
    await waitForHealth(`http://127.0.0.1:${port}/api/health`);
    const senders = await fundedSenders(`http://127.0.0.1:${port}`, handle.db, createLedger);
    let n = 0;
    const http = await cannon(
      `http://127.0.0.1:${port}/api/funds/transfer`,
      {},
      {
        connections: CLIENTS,
        method: 'POST',
        requests: [
          {
            method: 'POST',
            setupRequest: (request) => {
              const from = senders[n++ % senders.length];
              const to = senders[(n + 7) % senders.length];
              return {
                ...request,
                headers: { 'content-type': 'application/json', authorization: from.authorization },
                body: JSON.stringify({ to: to.address, asset: 'USDT', amount: '1', fund_password: 'bench-pw' }),
              };
            },
          },
        ],
      },
    );
    const httpOk = http['2xx'];
    if (http.non2xx > 0) console.log('server said:', server.output?.slice(-3000));
    const after = await checkLedger(handle.db);
    if (!after.ok) throw new Error('ledger check failed after the HTTP run');

    const ratio = ledgerTps / referenceTps;
    console.log(
      `\nInternal transfers on PostgreSQL, ${CLIENTS} concurrent clients on ${THREADS} client threads/processes each side, ${USERS} accounts, 3 alternating rounds of ${seconds} s (medians)`,
    );
    console.table([
      { path: 'reference: pgbench, UPDATE 2 rows + INSERT (prepared)', 'tx/s': referenceTps.toFixed(0) },
      { path: 'ledger service: a transfer posting (no fund password)', 'tx/s': ledgerTps.toFixed(0) },
      {
        path: 'HTTP POST /api/funds/transfer with Argon2id fund password',
        'tx/s': (httpOk / seconds).toFixed(0),
        'p50 ms': http.latency.p50,
        'p99 ms': http.latency.p99,
        non2xx: http.non2xx,
      },
    ]);
    // Issue 52's goal: a posting, its balance events included, near pgbench's two-row transfer.
    const pass = ratio >= 0.85 && http.non2xx === 0;
    console.log(
      `ledger/pgbench ${(ratio * 100).toFixed(1)} % (issue 52: ≥ 85 %); ledger check after both runs: ok → ${pass ? 'PASS' : 'FAIL'}`,
    );
    return pass;
  } catch (error) {
    console.error('ledger benchmark failed:', error);
    return false;
  } finally {
    if (server) await stop(server);
    await handle.close();
    await database.drop();
  }
}
