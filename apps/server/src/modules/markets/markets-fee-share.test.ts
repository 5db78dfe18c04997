import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { floor18 } from '../../kernel/staking-settings/fee-share.js';
import { stakingSettingsDefaults } from '../../kernel/staking-settings/staking-settings.js';
import { type Auth, type TestApp } from '../../test/helpers.js';
import { marketsHelpers, startMarkets } from './markets.fixtures.js';

/** The staking pool's share of the market fees (issue 48, decision 143). */
describe('the fee share', () => {
  let t: TestApp;
  let productId: string;
  beforeAll(async () => {
    ({ t, productId } = await startMarkets());
  });
  afterAll(() => t.close());
  const { records, books, miner, BUY, publish } = marketsHelpers(() => ({ t, productId }));
  const publishC2c = (auth: Auth, payload: object) =>
    t.injectAs(auth, 'POST /api/c2c/orders', { expiry: '1D', fund_password: 'pass-123', ...payload });

  /** What moved from `fees` to the pool for an order, as `asset amount` per posting. */
  const sharesOf = async (refType: string, id: string) =>
    (
      await sql<{ row: string }>`
        select a.asset || ' ' || trim_scale(e.amount)::text as row
        from ledger_entries e join accounts a on a.id = e.account_id
        join accounts c on c.id = e.counterpart_account_id
        where e.type = 'staking_fee_share' and a.kind = 'staking_pool' and c.kind = 'fees'
          and e.ref_type = ${refType} and e.ref_id = ${id} order by e.id`.execute(t.database.db)
    ).rows.map((r) => r.row);
  const setFeeShare = (share: string) => {
    const settings = JSON.stringify({ ...stakingSettingsDefaults('0.1'), fee_share: share });
    return sql`insert into staking_settings (id, settings, version, updated_by) values (true, ${settings}::jsonb, 1, 'test')
      on conflict (id) do update set settings = excluded.settings`.execute(t.database.db);
  };

  it('a filled machine trade moves fee × fee_share of its USDT fee to the pool; the seller sees one fee', async () => {
    const seller = await t.userWith({ fundPassword: 'pass-123' });
    const buyer = await t.userWith({ usdt: '1000', fundPassword: 'pass-123' });
    const m = await miner(seller);
    const order = (await publish(seller.auth, { miner_id: m.id, unit_price: '200' })).json().data.order;
    expect(await sharesOf('mtrade_order', order.id)).toEqual([]);
    expect((await t.injectAs(buyer, `POST /api/mtrade/orders/${order.id}/buy`, BUY)).statusCode).toBe(200);
    // 5% of 200 is the fee, 20% of the fee (the default share) the pool's.
    expect(await sharesOf('mtrade_order', order.id)).toEqual(['USDT 2']);
    expect(await records(seller.auth, 'mtrade_fee')).toEqual(['USDT -10']);
    await books();
  });

  it('a filled C2C order moves the share of its WALLX fee; a cancelled one moves nothing', async () => {
    const seller = await t.userWith({ wallx: '1000', fundPassword: 'pass-123' });
    const buyer = await t.userWith({ usdt: '100', fundPassword: 'pass-123' });
    const order = (await publishC2c(seller.auth, { amount: '300', unit_price: '0.3' })).json().data.order;
    expect((await t.injectAs(buyer, `POST /api/c2c/orders/${order.id}/buy`, BUY)).statusCode).toBe(200);
    expect(await sharesOf('c2c_order', order.id)).toEqual(['WALLX 0.6']);
    expect(await records(seller.auth, 'c2c_fee')).toEqual(['WALLX -3']);

    const other = await t.userWith({ wallx: '1000', fundPassword: 'pass-123' });
    const cancelled = (await publishC2c(other.auth, { amount: '100', unit_price: '1' })).json().data.order;
    expect((await t.injectAs(other, `POST /api/c2c/orders/${cancelled.id}/cancel`)).statusCode).toBe(200);
    expect(await sharesOf('c2c_order', cancelled.id)).toEqual([]);
    await books();
  });

  it('follows the approved share, and moves nothing when it is zero', async () => {
    const seller = await t.userWith({ wallx: '1000', fundPassword: 'pass-123' });
    const buyer = await t.userWith({ usdt: '100', fundPassword: 'pass-123' });
    try {
      await setFeeShare('0.333333333333333333');
      const order = (await publishC2c(seller.auth, { amount: '100', unit_price: '0.3' })).json().data.order;
      expect((await t.injectAs(buyer, `POST /api/c2c/orders/${order.id}/buy`, BUY)).statusCode).toBe(200);
      // 1 × 0.333…3 rounded down to 18 decimals.
      expect(await sharesOf('c2c_order', order.id)).toEqual(['WALLX 0.333333333333333333']);

      await setFeeShare('0');
      const free = (await publishC2c(seller.auth, { amount: '100', unit_price: '0.3' })).json().data.order;
      expect((await t.injectAs(buyer, `POST /api/c2c/orders/${free.id}/buy`, BUY)).statusCode).toBe(200);
      expect(await sharesOf('c2c_order', free.id)).toEqual([]);
    } finally {
      await sql`delete from staking_settings`.execute(t.database.db);
    }
    await books();
  });

  it('rounds down to 18 decimals', () => {
    expect(floor18('0.0000000000000000019')).toBe('0.000000000000000001');
    expect(floor18('0.00000000000000000099')).toBe('0');
    expect(floor18('12.50')).toBe('12.5');
    expect(floor18('7')).toBe('7');
  });
});
