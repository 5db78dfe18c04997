import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream } from '../../test/event-stream.js';
import type { Auth, TestApp } from '../../test/helpers.js';
import { marketOperatorHelpers, PASSWORD, startMarketOperators } from './operator.fixtures.js';

type Notice = { seq: string; type: string; read: boolean; payload: Record<string, unknown> };

describe('what the markets tell', () => {
  let t: TestApp;
  let base: string;
  let productId: string;
  let finance: Auth;
  let viewer: Auth;
  let support: Auth;
  beforeAll(async () => {
    ({ t, base, productId, finance, viewer, support } = await startMarketOperators());
  });
  afterAll(() => t.close());
  const { post, cancel, c2cOrder, mtradeOrder, books } = marketOperatorHelpers(() => ({
    t,
    base,
    productId,
    finance,
    viewer,
    support,
  }));
  const notices = async (auth: Auth) =>
    (await t.injectAs(auth, 'GET /api/notices?limit=10')).json().data as {
      items: Notice[];
      next_cursor: string | null;
    };
  const unread = async (auth: Auth) => (await t.injectAs(auth, 'GET /api/notices/unread')).json().data.count as number;

  it('the seller hears their miner sold and for how much; every viewer that the list changed; the bell counts it', async () => {
    const seller = await t.userWith({ fundPassword: PASSWORD });
    const buyer = await t.userWith({ usdt: '100', fundPassword: PASSWORD });
    const onlooker = await t.userWith({});
    const { orderId } = await mtradeOrder(seller);
    const sellers = await openEventStream(base, seller.auth);
    const onlookers = await openEventStream(base, onlooker.auth);
    await Promise.all([sellers.next((m) => m.event === 'ready'), onlookers.next((m) => m.event === 'ready')]);
    const before = await unread(seller.auth);

    expect((await post(`/api/mtrade/orders/${orderId}/buy`, buyer.auth, { fund_password: PASSWORD })).body.code).toBe(
      0,
    );
    const sold = JSON.parse((await sellers.next((m) => m.event === 'order')).data);
    // 20 USDT less the 5 % fee.
    expect(sold.payload).toMatchObject({
      market: 'mtrade',
      id: orderId,
      status: 'filled',
      asset: 'USDT',
      amount: '19',
    });
    expect(sold.payload.miner_no).toMatch(/^WX\d{8}$/);
    expect(JSON.parse((await onlookers.next((m) => m.event === 'market')).data)).toEqual({
      market: 'mtrade',
      id: orderId,
    });
    // Her balance moved twice (the price in, the fee out): both told, the last with what she holds.
    expect(
      sellers.messages.filter((m) => m.event === 'balance').map((m) => JSON.parse(m.data).payload.balance),
    ).toContain('19');
    sellers.close();
    onlookers.close();

    expect(await unread(seller.auth)).toBe(before + 1);
    const inbox = await notices(seller.auth);
    // Balances are not notices; the sale is, unread.
    expect(inbox.items[0]).toMatchObject({ type: 'order', read: false, payload: { status: 'filled', id: orderId } });
    expect(inbox.items.every((n) => n.type !== 'balance')).toBe(true);
    expect((await t.injectAs(seller, 'POST /api/notices/read', { seq: inbox.items[0]!.seq })).json().code).toBe(0);
    expect(await unread(seller.auth)).toBe(0);
    expect((await notices(seller.auth)).items[0]!.read).toBe(true);
    // A seq that is not a number is refused, named.
    expect((await t.injectAs(seller, 'POST /api/notices/read', { seq: 'all' })).json()).toMatchObject({
      code: 1001,
      data: { field: 'seq' },
    });
    await books();
  });

  it('an operator’s cancel tells the seller why; an expired order tells them it expired, escrow back', async () => {
    const seller = await t.userWith({ wallx: '1000', fundPassword: PASSWORD });
    const first = await c2cOrder(seller, '10');
    expect((await cancel('c2c', first, finance, 'Reported as fraud by the buyer')).body.code).toBe(0);
    const [cancelled] = (await notices(seller.auth)).items;
    expect(cancelled).toMatchObject({
      type: 'order',
      payload: {
        market: 'c2c',
        id: first,
        status: 'cancelled',
        reason: 'Reported as fraud by the buyer',
        asset: 'WALLX',
      },
    });

    const second = await c2cOrder(seller, '20');
    await t.database.db
      .updateTable('c2c_orders')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', second)
      .execute();
    await t.app.markets.expireOnce();
    expect((await notices(seller.auth)).items[0]).toMatchObject({
      type: 'order',
      payload: { market: 'c2c', id: second, status: 'expired', amount: '20' },
    });
    // Their own cancel is theirs to know: no notice.
    const third = await c2cOrder(seller, '5');
    expect((await post(`/api/c2c/orders/${third}/cancel`, seller.auth)).body.code).toBe(0);
    expect((await notices(seller.auth)).items.map((n) => n.payload.id)).not.toContain(third);
    await books();
  });
});
