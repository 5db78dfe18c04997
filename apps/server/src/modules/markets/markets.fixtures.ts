import { sql } from 'kysely';
import { expect } from 'vitest';
import {
  addProduct,
  type Auth,
  buildTestApp,
  checkBooks,
  credit,
  type Session,
  type TestApp,
} from '../../test/helpers.js';

/** The markets tests' app, listening on a port (the races go over real HTTP), with a 10-USDT miner on sale. */
export async function startMarkets(): Promise<{ t: TestApp; base: string; productId: string }> {
  const t = await buildTestApp();
  const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const productId = await addProduct(t.database, {
    name: 'en_US:::Trade Miner',
    image: '/catalog/pro-miner.svg',
    price_usdt: '10',
    price_wallx: null,
    daily_output: '1',
    output_days: 30,
    stock: 100_000,
  });
  return { t, base, productId };
}

/** The markets tests' requests and checks, on the app and product `current` answers once started. */
export function marketsHelpers(current: () => { t: TestApp; productId: string }) {
  const t = () => current().t;
  const get = (url: string, auth: Auth) => t().app.inject({ method: 'GET', url, headers: auth });
  const post = (url: string, auth: Auth, payload?: object) =>
    t().app.inject({ method: 'POST', url, headers: auth, ...(payload ? { payload } : {}) });
  const postWithKey = (url: string, auth: Auth, key: string) =>
    t().app.inject({ method: 'POST', url, headers: { ...auth, 'idempotency-key': key } });
  const balance = async (auth: Auth) =>
    (await t().injectAs(auth, 'GET /api/user/info')).json().data.balance as { usdt: string; wallx: string };
  const records = async (auth: Auth, type: string) =>
    (await t().injectAs(auth, `GET /api/funds/records?type=${type}`))
      .json()
      .data.items.map((r: { asset: string; amount: string }) => `${r.asset} ${r.amount}`);
  const books = async () => expect((await checkBooks(t().database)).problems).toEqual([]);

  /** An off miner of `owner` (bought for 10 USDT, credited first). */
  async function miner(owner: Session): Promise<{ id: string; machine_no: string }> {
    await credit(t().database, owner.userinfo.bsc, 'USDT', '10');
    const bought = await t().injectAs(owner, 'POST /api/miners/buy', {
      product_id: current().productId,
      pay_asset: 'USDT',
      quantity: 1,
    });
    const used = await t().injectAs(owner, `POST /api/miners/orders/${bought.json().data.orders[0].id}/use`);
    return used.json().data.miner;
  }

  const ownerOf = async (minerId: string) =>
    await t()
      .database.db.selectFrom('miners as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['u.address', 'm.state'])
      .where('m.id', '=', minerId)
      .executeTakeFirstOrThrow();

  const BUY = { fund_password: 'pass-123' };
  const publish = (auth: Auth, payload: object) =>
    t().injectAs(auth, 'POST /api/mtrade/orders', { expiry: '1D', fund_password: 'pass-123', ...payload });
  const expireNow = (table: 'mtrade_orders' | 'c2c_orders', id: string) =>
    sql`update ${sql.table(table)} set expires_at = now() - interval '1 second' where id = ${id}::bigint`.execute(
      t().database.db,
    );

  return { get, post, postWithKey, balance, records, books, miner, ownerOf, BUY, publish, expireNow };
}
