// The restore drill of docs/operations.md, run for real (`npm test` runs it on its PostgreSQL):
// a database with real activity is backed up with pg_dump, restored into a fresh database with
// pg_restore, and the copy is proved: `npm run ledger:check` passes on it, every table has the
// source's row count, every account its balance, and the append-only triggers still refuse edits.
//
//   node scripts/restore-drill.mjs [postgres://superuser@host:5432/postgres]
//
// The URL (else RESTORE_DRILL_DATABASE_URL, else TEST_DATABASE_URL) names a role that may create
// databases; the drill creates two (wallx_drill_*) and drops them. Needs the server built
// (npm run build). pg_dump must be at least the server's major version (Debian 12's client is 15
// and refuses a PostgreSQL 18): the binaries are chosen by the server's version, and with none
// that fits the drill stops with exit code 3, naming what it found.
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';

const root = fileURLToPath(new URL('..', import.meta.url));
/** The exit code of "no pg_dump/pg_restore for this server": a missing tool, not a failed restore. */
export const NO_MATCHING_CLIENT = 3;
const USERS = 24;

/** Runs one of the drill's commands, printed as the guide shows it (the password hidden). */
function run(command, args, env = {}) {
  const shown = [command, ...args].map((arg) => arg.replace(/\/\/([^:@/]+):[^@/]+@/, '//$1:***@')).join(' ');
  console.log(`$ ${shown}`);
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${path.basename(command)} failed (exit ${code}):\n${output}`)),
    );
  });
}

/** Directories that may hold pg_dump: $PG_BINDIR, the PATH, Debian's and PGDG's versioned ones. */
function candidateBinDirs() {
  const dirs = [process.env.PG_BINDIR, ...(process.env.PATH ?? '').split(path.delimiter)];
  for (const parent of ['/usr/lib/postgresql', '/usr/local/pgsql']) {
    if (!fs.existsSync(parent)) continue;
    for (const version of fs.readdirSync(parent)) dirs.push(path.join(parent, version, 'bin'));
  }
  for (const entry of fs.existsSync('/usr') ? fs.readdirSync('/usr') : []) {
    if (/^pgsql-\d+$/.test(entry)) dirs.push(path.join('/usr', entry, 'bin'));
  }
  // /bin and /usr/bin (and Debian's wrapper in both) are one program: each binary counted once.
  const byBinary = new Map();
  for (const dir of dirs) {
    const binary = dir && path.join(dir, 'pg_dump');
    if (binary && fs.existsSync(binary) && !byBinary.has(fs.realpathSync(binary)))
      byBinary.set(fs.realpathSync(binary), dir);
  }
  return [...byBinary.values()];
}

/** Major version a binary reports (`pg_dump (PostgreSQL) 15.20 …` → 15), or null when it does not run. */
function majorOf(binary) {
  const result = spawnSync(binary, ['--version'], { encoding: 'utf8' });
  const match = /\(PostgreSQL\)\s+(\d+)/.exec(result.stdout ?? '');
  return result.status === 0 && match ? Number(match[1]) : null;
}

/**
 * pg_dump and pg_restore of one directory, of the server's major version or the nearest newer one
 * (pg_dump refuses an older client than the server; a newer one dumps it in the archive format its
 * own pg_restore reads).
 */
export function chooseClient(serverMajor, dirs = candidateBinDirs()) {
  const found = dirs.flatMap((dir) => {
    const major = majorOf(path.join(dir, 'pg_dump'));
    return major !== null && fs.existsSync(path.join(dir, 'pg_restore')) ? [{ dir, major }] : [];
  });
  const fits = found.filter((client) => client.major >= serverMajor).sort((a, b) => a.major - b.major);
  if (fits.length > 0) return { dir: fits[0].dir, major: fits[0].major, found };
  return { dir: null, major: null, found };
}

const urlOf = (adminUrl, database) => {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.href;
};

/** Users, deposits and transfers made with the server's own code (migrations, users, ledger). */
async function fillWithActivity(url) {
  const dist = (file) => pathToFileURL(path.join(root, 'apps/server/dist', file)).href;
  if (!fs.existsSync(path.join(root, 'apps/server/dist/cli/ledger-check.js')))
    throw new Error('The server is not built: run npm run build first.');
  const { openDatabase } = await import(dist('platform/db/database.js'));
  const { migrate } = await import(dist('platform/db/migrate.js'));
  const { createUserRepository } = await import(dist('kernel/users/repository.js'));
  const { createLedger } = await import(dist('kernel/ledger/ledger.js'));
  const database = await openDatabase({ kind: 'postgres', url, poolSize: 4 });
  try {
    await migrate(database.db);
    const users = createUserRepository();
    const ledger = createLedger();
    const ids = [];
    for (let i = 0; i < USERS; i++) {
      const id = await database.db.transaction().execute((trx) =>
        users.insert(trx, {
          address: `0x${crypto.randomBytes(20).toString('hex')}`,
          shareCode: crypto.randomBytes(4).toString('hex').toUpperCase(),
          inviterId: ids[0] ?? null,
        }),
      );
      ids.push(id);
      // Amounts with 18 decimals: a restore that rounded NUMERIC anywhere would show in the balances.
      for (const [asset, amount] of [
        ['USDT', `${1000 + i}.123456789012345678`],
        ['WALLX', `${50 + i}.000000000000000001`],
      ]) {
        await ledger.post(database.db, {
          debit: { platform: 'deposits' },
          credit: { user: id },
          asset,
          amount,
          type: 'deposit',
          ref: { type: 'restore_drill', id: crypto.randomUUID() },
        });
      }
    }
    for (let i = 1; i < ids.length; i++) {
      await ledger.post(database.db, {
        debit: { user: ids[i] },
        credit: { user: ids[i - 1] },
        asset: 'USDT',
        amount: `${i}.5`,
        type: { debit: 'transfer_out', credit: 'transfer_in' },
      });
    }
  } finally {
    await database.close();
  }
}

/** Runs `work` on a connection of its own to `url`, closed afterwards. */
async function withClient(url, work) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Every table's row count, and each account's balance with its entries' sum, as one comparable picture. */
const picture = (url) =>
  withClient(url, async (client) => {
    const tables = await client.query(
      `select quote_ident(table_schema) || '.' || quote_ident(table_name) as name from information_schema.tables
       where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema') order by 1`,
    );
    const counts = {};
    for (const { name } of tables.rows)
      counts[name] = (await client.query(`select count(*)::int as n from ${name}`)).rows[0].n;
    const balances = await client.query(
      `select a.id::text, a.asset, a.balance::text, coalesce(sum(e.amount), 0)::text as entries
       from accounts a left join ledger_entries e on e.account_id = a.id group by a.id order by a.id`,
    );
    const sequence = await client.query(`select last_value::text from ledger_transaction_seq`);
    return { counts, balances: balances.rows, ledgerSequence: sequence.rows[0].last_value };
  });

/** The restored copy must still refuse to rewrite history: its triggers came back with it. */
const refusesLedgerEdits = (url) =>
  withClient(url, (client) =>
    client.query('update ledger_entries set amount = amount where id = (select min(id) from ledger_entries)').then(
      () => false,
      () => true,
    ),
  );

function differences(source, copy) {
  const problems = [];
  for (const [table, n] of Object.entries(source.counts)) {
    if (copy.counts[table] !== n)
      problems.push(`${table}: ${n} rows in the source, ${copy.counts[table] ?? 'none'} restored`);
  }
  if (JSON.stringify(copy.balances) !== JSON.stringify(source.balances))
    problems.push('accounts: balances or their entries differ from the source');
  if (copy.ledgerSequence !== source.ledgerSequence)
    problems.push(`ledger_transaction_seq: ${source.ledgerSequence} in the source, ${copy.ledgerSequence} restored`);
  return problems;
}

export async function restoreDrill(adminUrl) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const stamp = `${Date.now()}_${process.pid}`;
  const source = `wallx_drill_${stamp}`;
  const restored = `wallx_drill_${stamp}_restored`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallx-drill-'));
  const dump = path.join(dir, 'wallx.dump');
  try {
    const serverMajor = Math.floor(
      Number((await admin.query('show server_version_num')).rows[0].server_version_num) / 10000,
    );
    const client = chooseClient(serverMajor);
    if (!client.dir) {
      const seen = client.found.map((c) => `${c.major} in ${c.dir}`).join(', ') || 'none';
      const error = new Error(
        `No pg_dump/pg_restore of PostgreSQL ${serverMajor} or newer (found: ${seen}). Install the client of the server's version (e.g. postgresql-client-${serverMajor}) or name its directory in PG_BINDIR.`,
      );
      Object.assign(error, { exitCode: NO_MATCHING_CLIENT });
      throw error;
    }
    const bin = (name) => path.join(/** @type {string} */ (client.dir), name);
    console.log(`PostgreSQL ${serverMajor}; pg_dump and pg_restore ${client.major} from ${client.dir}`);

    await admin.query(`create database ${source}`);
    const sourceUrl = urlOf(adminUrl, source);
    const restoredUrl = urlOf(adminUrl, restored);
    await fillWithActivity(sourceUrl);
    const before = await picture(sourceUrl);

    // The guide's commands, in its order (docs/operations.md, "Backups and the restore drill").
    await run(bin('pg_dump'), ['--format=custom', `--file=${dump}`, sourceUrl]);
    await run(bin('createdb'), [`--maintenance-db=${adminUrl}`, restored]);
    await run(bin('pg_restore'), ['--exit-on-error', '--single-transaction', `--dbname=${restoredUrl}`, dump]);
    const check = await run('npm', ['run', 'ledger:check'], { DATABASE_URL: restoredUrl });
    console.log(check.trim());

    const after = await picture(restoredUrl);
    const problems = differences(before, after);
    if (!(await refusesLedgerEdits(restoredUrl)))
      problems.push('ledger_entries: the restored copy let an entry be edited');
    const tables = Object.keys(before.counts).length;
    const rows = Object.values(before.counts).reduce((sum, n) => sum + n, 0);
    console.log(
      `${tables} tables, ${rows} rows, ${before.balances.length} accounts, dump ${fs.statSync(dump).size} bytes`,
    );
    return problems;
  } finally {
    for (const name of [restored, source])
      await admin.query(`drop database if exists ${name} with (force)`).catch(() => {});
    await admin.end();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const url = process.argv[2] ?? process.env.RESTORE_DRILL_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!url) {
    console.error('Name a PostgreSQL that may create databases: node scripts/restore-drill.mjs postgres://…');
    process.exit(2);
  }
  restoreDrill(url).then(
    (problems) => {
      if (problems.length === 0) {
        console.log('restore drill passed');
        process.exit(0);
      }
      console.log(`restore drill FAILED:\n${problems.map((p) => `  ${p}`).join('\n')}`);
      process.exit(1);
    },
    (error) => {
      // No client of the server's version is not a failed restore: npm test lists it as skipped.
      const verdict = error.exitCode === NO_MATCHING_CLIENT ? 'cannot run' : 'FAILED';
      console.error(`restore drill ${verdict}: ${error.message}`);
      process.exit(error.exitCode ?? 1);
    },
  );
}
