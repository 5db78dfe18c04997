import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChainContext } from '../../platform/chain/context.js';
import { type Auth, login, type TestApp } from '../../test/helpers.js';
import { startOperatorMoney } from '../../test/operator-money.js';

describe('operators: money (withdrawals, deposits, fees and limits, the daily report)', () => {
  let chain: ChainContext;
  let t: TestApp;
  let viewer: Auth;

  beforeAll(async () => {
    ({ chain, t, viewer } = await startOperatorMoney());
  });
  afterAll(async () => {
    await t.close();
    await chain.stop();
  });

  it('lists credited deposits and the deposits users reported, with filters and pages', async () => {
    const user = await login(t.app);
    const userId = (
      await t.database.db
        .selectFrom('users')
        .select('id')
        .where('address', '=', user.userinfo.bsc.toLowerCase())
        .executeTakeFirstOrThrow()
    ).id;
    const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}`;
    for (const [n, asset] of [
      [1, 'USDT'],
      [2, 'WALLX'],
      [3, 'USDT'],
    ] as const) {
      await t.database.db
        .insertInto('deposits')
        .values({
          user_id: userId,
          asset,
          tx_hash: hash(n),
          log_index: 0,
          from_address: user.userinfo.bsc.toLowerCase(),
          amount: `${n}0.5`,
          block_number: String(100 + n),
          block_hash: hash(900 + n),
        })
        .execute();
      await t.database.db
        .insertInto('deposit_reports')
        .values({
          user_id: userId,
          tx_hash: hash(n),
          asset,
          status: n === 2 ? 'failed' : 'credited',
          reason: n === 2 ? 'not to our address' : null,
        })
        .execute();
    }
    const mine = (await t.injectAs(viewer, `GET /api/admin/deposits?user=${user.userinfo.bsc}`)).json().data.items;
    expect(mine.map((d: { tx_hash: string; amount: string }) => [d.tx_hash, d.amount])).toEqual([
      [hash(3), '30.5'],
      [hash(2), '20.5'],
      [hash(1), '10.5'],
    ]);
    expect(mine[0]).toMatchObject({ user: user.userinfo.bsc.toLowerCase(), block_number: '103', log_index: 0 });
    expect(
      (await t.injectAs(viewer, `GET /api/admin/deposits?user=${user.userinfo.bsc}&asset=WALLX`)).json().data.items,
    ).toHaveLength(1);

    const failed = (await t.injectAs(viewer, 'GET /api/admin/deposit-reports?status=failed')).json().data.items;
    expect(failed.find((r: { tx_hash: string }) => r.tx_hash === hash(2))).toMatchObject({
      status: 'failed',
      reason: 'not to our address',
      user: user.userinfo.bsc.toLowerCase(),
    });
    const one = (await t.injectAs(viewer, 'GET /api/admin/deposit-reports?limit=1')).json().data;
    const two = (await t.injectAs(viewer, `GET /api/admin/deposit-reports?limit=1&cursor=${one.next_cursor}`)).json()
      .data;
    expect(two.items[0].tx_hash).not.toBe(one.items[0].tx_hash);
    expect((await t.injectAs(viewer, 'GET /api/admin/deposit-reports?status=lost')).json()).toMatchObject({
      code: 1001,
      data: { field: 'status' },
    });
    expect(
      (
        await t.injectAs(
          viewer,
          `GET /api/admin/deposit-reports?cursor=${Buffer.from('{"v":"1","id":"1"}').toString('base64url')}`,
        )
      ).json(),
    ).toMatchObject({ code: 1001, data: { field: 'cursor' } });
  });
});
