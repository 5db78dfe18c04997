import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, login, type TestApp } from '../../test/helpers.js';
import { createLedger } from '../../kernel/ledger/ledger.js';
import { transferHelpers } from './transfer.fixtures.js';

/** Money that reaches a user tells them, from the ledger's own posting (issue 45, decision 125). */
describe('money received tells the user', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());
  const { transfer } = transferHelpers(() => t);
  const unread = async (s: Parameters<TestApp['injectAs']>[0]) =>
    (await t.injectAs(s, 'GET /api/notices/unread')).json().data.count as number;

  it('a transfer received is a notice naming the sender and the amount; the sender gets none', async () => {
    const bob = await t.userWith({ usdt: '100', fundPassword: 'pass-123' });
    const alice = await login(t.app);
    expect(await unread(alice)).toBe(0);
    const sent = await transfer(bob, {
      to: alice.userinfo.bsc,
      asset: 'USDT',
      amount: '20',
      fund_password: 'pass-123',
    });
    expect(sent.statusCode).toBe(200);

    expect(await unread(alice)).toBe(1);
    const [notice] = (await t.injectAs(alice, 'GET /api/notices')).json().data.items;
    expect(notice).toMatchObject({
      type: 'balance',
      read: false,
      payload: {
        asset: 'USDT',
        balance: '20',
        credit: { type: 'transfer_in', amount: '20', from: bob.userinfo.bsc.toLowerCase() },
      },
    });
    // The sender's own balance event (a debit) tells nothing; nor did the deposit that funded them.
    expect(await unread(bob)).toBe(0);
  });

  it('the ledger refuses to credit a user with a type that never credits one', async () => {
    const ledger = createLedger();
    const alice = await login(t.app);
    const { id } = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('address', '=', alice.userinfo.bsc.toLowerCase())
      .executeTakeFirstOrThrow();
    await expect(
      t.database.db.transaction().execute((trx) =>
        ledger.post(trx, {
          debit: { platform: 'fees' },
          credit: { user: id },
          asset: 'USDT',
          amount: '1',
          type: 'transfer_out',
        }),
      ),
    ).rejects.toThrow(/never credits a user/);
  });
});
