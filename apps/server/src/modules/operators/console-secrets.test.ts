import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addProduct,
  buildTestApp,
  credit,
  login,
  operatorLogin,
  setFundPassword,
  type TestApp,
} from '../../test/helpers.js';

const HOME = {
  country: 'CN',
  province: 'CN-GD',
  recipient: 'Li Lei',
  phone: '138 0013 8000',
  postcode: '518000',
  detail: 'No. 1 Shennan Road, Futian, Shenzhen',
};

/**
 * A pick-up code is a bearer credential: whoever holds it collects the machine at the counter. No
 * console answer may carry one, for any role: every GET under /api/admin (read from the OpenAPI
 * document, so a route added later is walked too) is read with the ids of a real pick-up, and its
 * answer searched for the code itself.
 */
describe('what the console reads', () => {
  let t: TestApp;
  let codes: string[];
  let ids: Record<string, string>;
  let gets: string[];
  beforeAll(async () => {
    t = await buildTestApp();
    const admin = await operatorLogin(t.app, 'admin');
    const product = await addProduct(t.database, {
      name: 'en_US:::Home Miner',
      physical: true,
      pickup_from: '2026-01-01T00:00:00Z',
      stock: 100,
    });
    const point = (
      await t.injectAs(admin, 'POST /api/admin/pickup-points', {
        name: 'en_US:::Futian',
        country: 'CN',
        province: 'CN-GD',
        address: 'en_US:::Fuhua Road',
        hours: '',
      })
    ).json().data.id;
    await t.injectAs(admin, `PUT /api/admin/pickup-points/${point}/inventory`, { product_id: product, quantity: 10 });
    const validator = await login(t.app);
    await t.injectAs(admin, `PUT /api/admin/validators/${validator.userinfo.bsc}`, { point_ids: [point] });

    codes = [];
    let holder = '';
    let requestId = '';
    for (const writtenOff of [false, true]) {
      const user = await login(t.app);
      await credit(t.database, user.userinfo.bsc, 'USDT', '100');
      const order = (
        await t.injectAs(user, 'POST /api/miners/buy', { product_id: product, pay_asset: 'USDT', quantity: 1 })
      ).json().data.orders[0].id;
      await t.injectAs(user, 'POST /api/addresses', HOME);
      await setFundPassword(t.app, user, 'pass-123');
      const made = (
        await t.injectAs(user, 'POST /api/shipping/pickup', {
          order_id: order,
          point_id: point,
          fund_password: 'pass-123',
        })
      ).json();
      expect(made.code, JSON.stringify(made)).toBe(0);
      codes.push(made.data.request.code);
      holder = user.userinfo.bsc;
      requestId = made.data.request.id;
      if (writtenOff) {
        const again = await login(t.app, validator.account);
        expect(
          (await t.injectAs(again, 'POST /api/validator/writeoff', { code: made.data.request.code })).json().code,
        ).toBe(0);
      }
    }
    expect(codes.every((code) => /^[A-Z0-9]{16}$/.test(code))).toBe(true);
    ids = { id: requestId, address: holder, market: 'c2c', kind: 'scenes', key: 'about-us' };

    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    gets = Object.entries(doc.paths)
      .filter(
        ([path, methods]) => (path.startsWith('/api/admin/') || path.startsWith('/api/operator/')) && 'get' in methods,
      )
      .map(([path]) => path.replace(/\{(\w+)\}/g, (_, name: string) => ids[name] ?? 'x'));
  });
  afterAll(() => t.close());

  it('no /api/admin answer carries a pick-up code, to any role', async () => {
    expect(gets).toContain('/api/admin/shipping/requests');
    expect(gets.length).toBeGreaterThan(20);
    let read = 0;
    for (const role of ['admin', 'support', 'finance', 'viewer'] as const) {
      const auth = await operatorLogin(t.app, role);
      for (const url of [
        ...gets,
        '/api/admin/shipping/requests?kind=pickup',
        `/api/admin/audit?subject=${ids.address}`,
      ]) {
        const response = await t.app.inject({ method: 'GET', url, headers: auth });
        if (response.statusCode === 200) read++;
        for (const code of codes) expect(response.body, `${role} GET ${url}`).not.toContain(code);
        expect(response.body, `${role} GET ${url}`).not.toMatch(/"code":"/);
      }
    }
    // The walk read real pages, not only refusals.
    expect(read).toBeGreaterThan(60);
  });

  it('the requests list still shows each pick-up, its point and its state', async () => {
    const auth = await operatorLogin(t.app, 'viewer');
    const list = (await t.injectAs(auth, 'GET /api/admin/shipping/requests?kind=pickup')).json().data.items as Array<
      Record<string, unknown>
    >;
    const mine = list.filter((item) => item.user === ids.address);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ kind: 'pickup', status: 'written_off', point: { name: 'en_US:::Futian' } });
    expect(mine[0]).not.toHaveProperty('code');
  });
});
