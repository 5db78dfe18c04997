import { expect } from 'vitest';
import {
  addProduct,
  type Auth,
  buildTestApp,
  credit,
  login,
  operatorLogin,
  type Session,
  setFundPassword,
  type TestApp,
} from '../../test/helpers.js';

export const HOME = {
  country: 'CN',
  province: 'CN-GD',
  recipient: 'Li Lei',
  phone: '138 0013 8000',
  postcode: '518000',
  detail: 'No. 1 Shennan Road, Futian, Shenzhen',
};

export const FUND_PASSWORD = 'pass-123';

export type Shipping = {
  t: TestApp;
  ADMIN: { authorization: string };
  physical: string;
  later: string;
  digital: string;
  point: string;
};

/**
 * The shipping tests' app: a support operator, a physical product one can pick up now, one from 2099,
 * a digital one, and a pick-up point of Guangdong stocking two of the first.
 */
export async function startShipping(): Promise<Shipping> {
  const t = await buildTestApp();
  const ADMIN = await operatorLogin(t.app, 'support');
  const physical = await addProduct(t.database, {
    name: 'en_US:::Home Miner',
    physical: true,
    pickup_from: '2026-01-01T00:00:00Z',
    stock: 10_000,
  });
  const later = await addProduct(t.database, {
    name: 'en_US:::Next Miner',
    physical: true,
    pickup_from: '2099-01-01T00:00:00Z',
    stock: 10_000,
  });
  const digital = await addProduct(t.database, { name: 'en_US:::Cloud Miner', physical: false, stock: 10_000 });
  const point = (
    await t.injectAs(ADMIN, 'POST /api/admin/pickup-points', {
      name: 'en_US:::Shenzhen Futian\nzh_CN:::深圳福田',
      country: 'CN',
      province: 'CN-GD',
      address: 'en_US:::Shop 3, 88 Fuhua Road',
      hours: '10:00-20:00',
    })
  ).json().data.id;
  await t.injectAs(ADMIN, `PUT /api/admin/pickup-points/${point}/inventory`, { product_id: physical, quantity: 2 });
  return { t, ADMIN, physical, later, digital, point };
}

/** The shipping tests' requests and users, on what `current` answers once started. */
export function shippingHelpers(current: () => Shipping) {
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, auth?: Auth, payload?: object) =>
    current().t.app.inject({ method, url, ...(auth ? { headers: auth } : {}), ...(payload ? { payload } : {}) });
  const addAddress = (who: Session, address: object = HOME) =>
    current().t.injectAs(who, 'POST /api/addresses', address);

  /** A user holding an unused order of `product`, with a fund password. */
  async function holder(product = current().physical): Promise<Session & { orderId: string }> {
    const { t } = current();
    const session = await login(t.app);
    await credit(t.database, session.userinfo.bsc, 'USDT', '100');
    const bought = await t.injectAs(session, 'POST /api/miners/buy', {
      product_id: product,
      pay_asset: 'USDT',
      quantity: 1,
    });
    await setFundPassword(t.app, session, FUND_PASSWORD);
    return { ...session, orderId: bought.json().data.orders[0].id };
  }
  async function validatorOf(...points: string[]): Promise<Session> {
    const { t, ADMIN } = current();
    const session = await login(t.app);
    expect(
      (await t.injectAs(ADMIN, `PUT /api/admin/validators/${session.userinfo.bsc}`, { point_ids: points })).json().code,
    ).toBe(0);
    return login(t.app, session.account);
  }
  async function voucherFor(): Promise<{ user: Session; code: string }> {
    const { t, point } = current();
    const user = await holder();
    await addAddress(user);
    const response = await t.injectAs(user, 'POST /api/shipping/pickup', {
      order_id: user.orderId,
      point_id: point,
      fund_password: FUND_PASSWORD,
    });
    expect(response.json().code).toBe(0);
    return { user, code: response.json().data.request.code };
  }

  return { call, addAddress, holder, validatorOf, voucherFor };
}
