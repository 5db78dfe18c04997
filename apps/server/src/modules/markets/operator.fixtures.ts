import { expect } from 'vitest';
import {
  addProduct,
  type Auth,
  buildTestApp,
  checkBooks,
  credit,
  operatorLogin,
  type Session,
  type TestApp,
} from '../../test/helpers.js';

export type Answer = {
  status: number;
  body: { code: number; message: string; data?: { field?: string; order?: { status: string } } };
};

export const PASSWORD = 'pass-123';

export type MarketOperators = {
  t: TestApp;
  base: string;
  productId: string;
  finance: Auth;
  viewer: Auth;
  support: Auth;
};

/** The market console tests' app, listening on a port, with a 10-USDT miner and finance, viewer and support sessions. */
export async function startMarketOperators(): Promise<MarketOperators> {
  const t = await buildTestApp();
  const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const productId = await addProduct(t.database, {
    price_usdt: '10',
    price_wallx: null,
    daily_output: '1',
    output_days: 30,
    stock: 100_000,
  });
  const finance = await operatorLogin(t.app, 'finance');
  const viewer = await operatorLogin(t.app, 'viewer');
  const support = await operatorLogin(t.app, 'support');
  return { t, base, productId, finance, viewer, support };
}

/** The market console tests' requests and orders, on what `current` answers once started. */
export function marketOperatorHelpers(current: () => MarketOperators) {
  /** Over real HTTP, so that parallel requests are parallel. */
  const post = async (url: string, auth: Auth, payload?: object): Promise<Answer> => {
    const response = await fetch(`${current().base}${url}`, {
      method: 'POST',
      headers: { ...auth, ...(payload ? { 'content-type': 'application/json' } : {}) },
      ...(payload ? { body: JSON.stringify(payload) } : {}),
    });
    return { status: response.status, body: (await response.json()) as Answer['body'] };
  };
  const balance = async (auth: Auth) =>
    (await current().t.injectAs(auth, 'GET /api/user/info')).json().data.balance as { usdt: string; wallx: string };
  const books = async () => expect((await checkBooks(current().t.database)).problems).toEqual([]);
  const cancel = (market: string, id: string, auth: Auth, reason: unknown = 'Reported as fraud by the buyer') =>
    post(`/api/admin/markets/${market}/orders/${id}/cancel`, auth, { reason });
  const audit = async (subjectType: string, id: string) =>
    (
      await current().t.injectAs(current().viewer, `GET /api/admin/audit?subject_type=${subjectType}&subject_id=${id}`)
    ).json().data.items as {
      operator: string;
      action: string;
      detail: { before: unknown; after: unknown };
    }[];

  async function c2cOrder(seller: Session, amount = '100', unitPrice = '1'): Promise<string> {
    const answer = await post('/api/c2c/orders', seller.auth, {
      amount,
      unit_price: unitPrice,
      expiry: '1D',
      fund_password: PASSWORD,
    });
    expect(answer.body.code, JSON.stringify(answer.body)).toBe(0);
    return (answer.body.data as unknown as { order: { id: string } }).order.id;
  }
  async function mtradeOrder(seller: Session): Promise<{ orderId: string; minerId: string }> {
    await credit(current().t.database, seller.userinfo.bsc, 'USDT', '10');
    const bought = await post('/api/miners/buy', seller.auth, {
      product_id: current().productId,
      pay_asset: 'USDT',
      quantity: 1,
    });
    const used = await post(
      `/api/miners/orders/${(bought.body.data as { orders: { id: string }[] }).orders[0]!.id}/use`,
      seller.auth,
    );
    const minerId = (used.body.data as { miner: { id: string } }).miner.id;
    const published = await post('/api/mtrade/orders', seller.auth, {
      miner_id: minerId,
      unit_price: '20',
      expiry: '1D',
      fund_password: PASSWORD,
    });
    return { orderId: (published.body.data as unknown as { order: { id: string } }).order.id, minerId };
  }
  const minerState = async (id: string) =>
    (await current().t.database.db.selectFrom('miners').select('state').where('id', '=', id).executeTakeFirstOrThrow())
      .state;

  return { post, balance, books, cancel, audit, c2cOrder, mtradeOrder, minerState };
}
