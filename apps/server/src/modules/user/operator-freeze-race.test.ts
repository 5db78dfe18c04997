import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Auth,
  buildTestApp,
  checkBooks,
  credit,
  login,
  operatorLogin,
  setFundPassword,
  type TestApp,
} from '../../test/helpers.js';

const PASSWORD = 'pass-123';

/**
 * A freeze racing transfers over real HTTP. The request guard reads the flag before the fund
 * password's slow check; the money transaction reads it again under the row lock, so whatever the
 * interleaving, no transfer lands once the freeze has committed, and the books balance.
 */
describe('a freeze racing transfers', () => {
  let t: TestApp;
  let base: string;
  let support: Auth;
  beforeAll(async () => {
    t = await buildTestApp();
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    support = await operatorLogin(t.app, 'support');
  });
  afterAll(() => t.close());

  const post = async (url: string, headers: Auth, payload: object) => {
    const response = await fetch(`${base}${url}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    });
    return { status: response.status, code: ((await response.json()) as { code: number }).code };
  };
  async function pair() {
    const from = await login(t.app);
    await setFundPassword(t.app, from, PASSWORD);
    await credit(t.database, from.userinfo.bsc, 'USDT', '1000');
    const to = await login(t.app);
    const id = (
      await t.database.db
        .selectFrom('users')
        .select('id')
        .where('address', '=', from.userinfo.bsc)
        .executeTakeFirstOrThrow()
    ).id;
    const transfer = () =>
      post('/api/funds/transfer', from.auth, {
        to: to.userinfo.bsc,
        asset: 'USDT',
        amount: '10',
        fund_password: PASSWORD,
      });
    const balance = async (address: string) =>
      (
        await sql<{
          b: string;
        }>`select trim_scale(a.balance)::text as b from accounts a join users u on u.id = a.user_id where u.address = ${address} and a.asset = 'USDT'`.execute(
          t.database.db,
        )
      ).rows[0]!.b;
    return { from, to, id, transfer, balance };
  }

  it('8 transfers and a freeze at once: each transfer lands whole or answers 1005, and none after the freeze', async () => {
    const { to, id, transfer, balance, from } = await pair();
    const transfers = Array.from({ length: 8 }, transfer);
    const frozen = await post(`/api/admin/users/${id}/freeze`, support, { frozen: true, reason: 'race' });
    expect(frozen.code).toBe(0);
    const later = await transfer();
    expect(later).toEqual({ status: 403, code: 1005 });
    const answers = await Promise.all(transfers);
    for (const answer of answers) expect([0, 1005]).toContain(answer.code);
    const wins = answers.filter((a) => a.code === 0).length;
    expect(await balance(to.userinfo.bsc)).toBe(String(10 * wins));
    expect(await balance(from.userinfo.bsc)).toBe(String(1000 - 10 * wins));
    // Every transfer that landed committed before the freeze: after it, the sender's ledger is still.
    const entries = await sql<{
      n: string;
    }>`select count(*) as n from ledger_entries e join accounts a on a.id = e.account_id where a.user_id = ${id}::bigint and e.type = 'transfer_out'`.execute(
      t.database.db,
    );
    expect(Number(entries.rows[0]!.n)).toBe(wins);
    expect((await checkBooks(t.database)).problems).toEqual([]);
  });

  // Needs two sessions at once: the freeze holds the row while the transfer waits on it (not PGlite's one session).
  it.skipIf(process.env.TEST_DB !== 'postgres')(
    'a transfer past the request guard waits for a freeze under way, then answers 1005',
    async () => {
      const { to, id, transfer, balance } = await pair();
      let answer: Promise<{ status: number; code: number }> | undefined;
      await t.database.db.transaction().execute(async (trx) => {
        await sql`update users set is_frozen = true where id = ${id}::bigint`.execute(trx);
        // Uncommitted: the guard still reads the account as active, so the transfer reaches its transaction.
        answer = transfer();
        for (let i = 0; i < 200; i++) {
          const { rows } = await sql<{
            n: string;
          }>`select count(*) as n from pg_stat_activity where wait_event_type = 'Lock' and query like '%is_frozen from users%for share%'`.execute(
            t.database.db,
          );
          if (Number(rows[0]!.n) > 0) break;
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
      });
      expect(await answer).toEqual({ status: 403, code: 1005 });
      expect(await balance(to.userinfo.bsc)).toBe('0');
    },
  );
});
