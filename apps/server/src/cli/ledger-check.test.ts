import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../platform/db/database.js';
import { migrate } from '../platform/db/migrate.js';
import { buildTestApp, createTestDatabase, login } from '../test/helpers.js';
import { runSource } from '../test/run-source.js';

const ledgerCheck = (env: Record<string, string>) => runSource(new URL('./ledger-check.ts', import.meta.url), [], env);

/**
 * The CLI against the database the suite runs on: PostgreSQL at TEST_DATABASE_URL (this file's own
 * schema) when TEST_DB=postgres, else an embedded PGlite data dir, which one process opens at a time.
 */
describe('npm run ledger:check', () => {
  const isPostgres = process.env.TEST_DB === 'postgres';
  let dataDir: string;
  let env: Record<string, string>;
  let shared: DatabaseHandle | null = null;
  let bob: { address: string; usdtAccount: string };

  async function withDatabase<T>(work: (database: DatabaseHandle) => Promise<T>): Promise<T> {
    if (shared) return work(shared);
    const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
    try {
      return await work(database);
    } finally {
      await database.close();
    }
  }

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallx-ledger-check-'));
    env = { DATA_DIR: dataDir };
    if (isPostgres) {
      shared = await createTestDatabase();
      const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(shared.db);
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.searchParams.set('options', `-c search_path=${rows[0]!.schema}`);
      env.DATABASE_URL = url.toString();
    }
    bob = await withDatabase(async (database) => {
      if (!shared) await migrate(database.db);
      const t = await buildTestApp({ database });
      try {
        const alice = await t.userWith({ usdt: '100', fundPassword: 'pass-123' });
        const receiver = await login(t.app);
        const sent = await t.injectAs(alice, 'POST /api/funds/transfer', {
          to: receiver.account.address,
          asset: 'USDT',
          amount: '30',
          fund_password: 'pass-123',
        });
        expect(sent.json().code).toBe(0);
        const account = await database.db
          .selectFrom('accounts as a')
          .innerJoin('users as u', 'u.id', 'a.user_id')
          .select('a.id')
          .where('u.address', '=', receiver.userinfo.bsc)
          .where('a.asset', '=', 'USDT')
          .executeTakeFirstOrThrow();
        return { address: receiver.userinfo.bsc, usdtAccount: account.id };
      } finally {
        await t.close();
      }
    });
  });
  afterAll(async () => {
    await shared?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('exits 0 when the books balance', async () => {
    const result = await ledgerCheck(env);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('ledger check passed');
    expect(result.stdout).toMatch(/asset totals \(must be 0\): USDT 0\b/);
  });

  it('exits 1 and lists the account whose balance was changed behind the ledger’s back', async () => {
    const tamper = (by: number) =>
      withDatabase(async (database) => {
        await sql`update accounts set balance = balance + ${by} where id = ${bob.usdtAccount}::bigint`.execute(
          database.db,
        );
      });
    await tamper(5);
    // Put back afterwards, whatever happens: the other test needs books that balance, in any order.
    const result = await ledgerCheck(env).finally(() => tamper(-5));
    expect(result.code, result.stderr).toBe(1);
    expect(result.stdout).toContain('ledger check FAILED: 1 problem(s)');
    const row = result.stdout.split('\n').find((line) => line.includes(bob.address));
    expect(row, result.stdout).toBeDefined();
    expect(row).toContain('balance differs from its entries');
    expect(row).toContain(`'${bob.usdtAccount}'`);
    expect(row).toMatch(/balance 35(\.0+)?, entries sum 30(\.0+)?'/);
  });
});
