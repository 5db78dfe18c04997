import { CompiledQuery, type KyselyPlugin, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/helpers.js';
import { minersClock, minersHelpers, repository } from './miners.fixtures.js';

/** What each miner on /mine was bought for, from its latest change of hands. */
describe('miner acquisition', () => {
  let t: TestApp;
  const { app } = minersClock();
  beforeAll(async () => {
    t = await app();
  });
  afterAll(() => t.close());
  const { addProduct, buy, ownMiner, grantGiftMiner } = minersHelpers(() => t);
  const BUY = { fund_password: 'pass-123' };

  const mine = async (session: Parameters<TestApp['injectAs']>[0]) =>
    (await t.injectAs(session, 'GET /api/miners/mine')).json().data.items as Array<{
      id: string;
      acquisition: { via: string; price: string | null; asset: string | null; at: string };
    }>;

  async function sell(seller: Awaited<ReturnType<TestApp['userWith']>>, minerId: string, price: string) {
    const buyer = await t.userWith({ usdt: '1000', fundPassword: 'pass-123' });
    const published = await t.injectAs(seller, 'POST /api/mtrade/orders', {
      miner_id: minerId,
      unit_price: price,
      expiry: '1D',
      fund_password: 'pass-123',
    });
    expect(published.json().code, published.body).toBe(0);
    const bought = await t.injectAs(buyer, `POST /api/mtrade/orders/${published.json().data.order.id}/buy`, BUY);
    expect(bought.json().code, bought.body).toBe(0);
    return buyer;
  }

  it('a catalog purchase shows its order’s unit price and asset, in USDT or WALLX', async () => {
    const id = await addProduct({ price_usdt: '125.5', price_wallx: '3000' });
    const ann = await t.userWith({ usdt: '1000', wallx: '10000', fundPassword: 'pass-123' });
    await ownMiner(ann, id);
    const exchanged = await buy(ann.auth, { product_id: id, pay_asset: 'WALLX', quantity: 2 });
    await t.injectAs(ann, `POST /api/miners/orders/${exchanged.json().data.orders[0].id}/use`);
    const [wallx, usdt] = await mine(ann);
    expect(usdt!.acquisition).toMatchObject({ via: 'purchase', price: '125.5', asset: 'USDT' });
    expect(wallx!.acquisition).toMatchObject({ via: 'purchase', price: '3000', asset: 'WALLX' });
  });

  it('a miner given away makes its recipient one of my recent recipients', async () => {
    const ann = await t.userWith({ usdt: '1000', fundPassword: 'pass-123' });
    const bob = await t.userWith({});
    const miner = await ownMiner(ann, await addProduct({ price_usdt: '100' }));
    const given = await t.injectAs(ann, `POST /api/miners/${miner.id}/transfer`, {
      to: bob.account.address,
      fund_password: 'pass-123',
    });
    expect(given.json().code, given.body).toBe(0);
    expect((await t.injectAs(ann, 'GET /api/recipients/recent')).json().data.items).toEqual([
      { address: bob.userinfo.bsc, last_sent_at: expect.any(String) },
    ]);
  });

  it('a gift shows no price', async () => {
    const gift = await addProduct({ gift: true, on_sale: false });
    const bea = await t.userWith({});
    await grantGiftMiner(bea, gift);
    expect((await mine(bea))[0]!.acquisition).toMatchObject({ via: 'gift', price: null, asset: null });
  });

  it('a market buy shows that trade’s price; a transfer received shows none; the latest change of hands wins', async () => {
    const id = await addProduct({ price_usdt: '100' });
    const cal = await t.userWith({ usdt: '1000', fundPassword: 'pass-123' });
    const miner = await ownMiner(cal, id);
    const dee = await sell(cal, miner.id, '80.25');
    expect((await mine(dee))[0]!.acquisition).toMatchObject({ via: 'market', price: '80.25', asset: 'USDT' });

    const eve = await t.userWith({ fundPassword: 'pass-123' });
    const given = await t.injectAs(dee, `POST /api/miners/${miner.id}/transfer`, {
      to: eve.account.address,
      fund_password: 'pass-123',
    });
    expect(given.json().code, given.body).toBe(0);
    expect((await mine(eve))[0]!.acquisition).toMatchObject({ via: 'transfer', price: null, asset: null });
    // Eve is told who gave her which miner.
    expect((await t.injectAs(eve, 'GET /api/notices')).json().data.items[0]).toMatchObject({
      type: 'miner_received',
      payload: { miner_no: miner.machine_no, from: dee.userinfo.bsc },
    });

    const fay = await sell(eve, miner.id, '60');
    expect((await mine(fay))[0]!.acquisition).toMatchObject({ via: 'market', price: '60', asset: 'USDT' });
    // The buyer's old order tells nothing about the new owner's price.
    expect((await mine(cal)).map((m) => m.id)).not.toContain(miner.id);
  });

  it('reads a page of many miners of every origin in one query', async () => {
    const id = await addProduct({ price_usdt: '10', per_user_limit: null, stock: 1000 });
    const gus = await t.userWith({ usdt: '10000', fundPassword: 'pass-123' });
    const other = await t.userWith({ usdt: '10000', fundPassword: 'pass-123' });
    const orders = (await buy(gus.auth, { product_id: id, pay_asset: 'USDT', quantity: 40 })).json().data
      .orders as Array<{ id: string }>;
    for (const o of orders) await t.injectAs(gus, `POST /api/miners/orders/${o.id}/use`);
    for (let i = 0; i < 5; i++) {
      const m = await ownMiner(other, id);
      await t.injectAs(other, `POST /api/miners/${m.id}/transfer`, {
        to: gus.account.address,
        fund_password: 'pass-123',
      });
    }

    expect(await mine(gus)).toHaveLength(20);
    const { user_id: userId } = await t.database.db
      .selectFrom('miners')
      .select('user_id')
      .where('id', '=', (await mine(gus))[0]!.id)
      .executeTakeFirstOrThrow();
    let queries = 0;
    let compiled: CompiledQuery | undefined;
    const counter: KyselyPlugin = {
      transformQuery: (args) => {
        queries += 1;
        compiled = t.database.db.getExecutor().compileQuery(args.node, args.queryId);
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    const miners = await repository.miners(t.database.db.withPlugin(counter), String(userId), {
      limit: 50,
      before: null,
    });
    expect(miners).toHaveLength(45);
    expect(queries).toBe(1);
    expect(miners.filter((m) => m.acquisition.via === 'transfer')).toHaveLength(5);
    expect(miners.filter((m) => m.acquisition.via === 'purchase' && m.acquisition.price === '10')).toHaveLength(40);

    // Each miner's market fills and transfers are found by index, never by reading the tables whole
    // (seq scans are priced out: the tables here are too small for the planner to prefer an index).
    const plan = await t.database.db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      const { rows } = await trx.executeQuery<{ 'QUERY PLAN': string }>(
        CompiledQuery.raw(`explain ${compiled!.sql}`, [...compiled!.parameters]),
      );
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toMatch(/mtrade_orders_filled_miner_idx/);
    expect(plan).toMatch(/miner_transfers_miner_latest_idx/);
    expect(plan).not.toMatch(/Seq Scan on (mtrade_orders|miner_transfers)/);
  });

  it('tells the app the zone whose midnight ends an output day', async () => {
    const hal = await t.userWith({});
    expect((await t.injectAs(hal, 'GET /api/miners/summary')).json().data.output_time_zone).toBe('Asia/Shanghai');
  });
});
