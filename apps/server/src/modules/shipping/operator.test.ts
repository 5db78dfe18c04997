import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addProduct,
  type Auth,
  buildTestApp,
  credit,
  login,
  operatorLogin,
  setFundPassword,
  type TestApp,
} from '../../test/helpers.js';
import type { Page } from '@wallx/shared';

type Point = {
  id: string;
  name: string;
  country: string;
  province: string;
  active: boolean;
  inventory: Array<{ product_id: string; product_name: string; quantity: number }>;
};
type Validator = { id: string; address: string; points: Array<{ id: string; name: string; active: boolean }> };

const HOME = {
  country: 'CN',
  province: 'CN-GD',
  recipient: 'Li Lei',
  phone: '138 0013 8000',
  postcode: '518000',
  detail: 'No. 1 Shennan Road, Futian, Shenzhen',
};

// The console's tables: pick-up points and validators page on the server with filters, like the requests.
describe('shipping operator lists', () => {
  let t: TestApp;
  let support: Auth;
  let viewer: Auth;
  let user: Auth;
  let physical: string;
  let digital: string;
  // Okinawa and Ehime: provinces no other test of this database puts a point in.
  const okinawa: string[] = [];
  let ehime: string;
  beforeAll(async () => {
    t = await buildTestApp();
    support = await operatorLogin(t.app, 'support');
    viewer = await operatorLogin(t.app, 'viewer');
    user = (await login(t.app)).auth;
    physical = await addProduct(t.database, {
      name: 'en_US:::Home Miner',
      physical: true,
      pickup_from: '2026-01-01T00:00:00Z',
      stock: 10_000,
    });
    digital = await addProduct(t.database, { name: 'en_US:::Cloud Miner', physical: false, stock: 10_000 });
    for (const name of ['Naha', 'Nago', 'Okinawa City']) {
      const made = await t.injectAs(support, 'POST /api/admin/pickup-points', {
        name: `en_US:::${name}`,
        country: 'JP',
        province: 'JP-47',
        address: `en_US:::${name} 1-1`,
        hours: '',
      });
      okinawa.push(made.json().data.id);
    }
    ehime = (
      await t.injectAs(support, 'POST /api/admin/pickup-points', {
        name: 'en_US:::Matsuyama',
        country: 'JP',
        province: 'JP-38',
        address: 'en_US:::Ichibancho',
        hours: '',
      })
    ).json().data.id;
    await t.injectAs(support, `PUT /api/admin/pickup-points/${okinawa[0]}/inventory`, {
      product_id: physical,
      quantity: 7,
    });
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, auth?: Auth, payload?: object) =>
    t.app.inject({ method, url, ...(auth ? { headers: auth } : {}), ...(payload ? { payload } : {}) });
  async function read<T>(url: string, auth: Auth = viewer): Promise<Page<T>> {
    const response = await call('GET', url, auth);
    expect(response.statusCode, url).toBe(200);
    return response.json().data;
  }
  async function expectRefused(url: string) {
    const none = await call('GET', url);
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ code: 8002 });
    // A user's token opens nothing under /api/admin.
    const app = await call('GET', url, user);
    expect(app.statusCode).toBe(401);
    expect(app.json()).toMatchObject({ code: 8002 });
  }
  async function expectInvalid(url: string, field: string) {
    const response = await call('GET', url, viewer);
    expect(response.statusCode, url).toBe(400);
    expect(response.json(), url).toMatchObject({ code: 1001, data: { field } });
  }

  describe('GET /api/admin/pickup-points', () => {
    it('needs a console session; every role reads', async () => {
      await expectRefused('/api/admin/pickup-points');
      for (const role of ['viewer', 'support', 'finance', 'admin'] as const) {
        expect((await call('GET', '/api/admin/pickup-points', await operatorLogin(t.app, role))).statusCode, role).toBe(
          200,
        );
      }
    });

    it('validates the filters, naming the field', async () => {
      await expectInvalid('/api/admin/pickup-points?country=FR', 'country');
      await expectInvalid('/api/admin/pickup-points?province=JP-99', 'province');
      await expectInvalid('/api/admin/pickup-points?province=XX-01', 'province');
      await expectInvalid('/api/admin/pickup-points?country=CN&province=JP-47', 'province');
      await expectInvalid('/api/admin/pickup-points?limit=0', 'limit');
      await expectInvalid('/api/admin/pickup-points?limit=101', 'limit');
      await expectInvalid('/api/admin/pickup-points?cursor=forged', 'cursor');
    });

    it('filters by province (its country implied) and pages newest first', async () => {
      const first = await read<Point>('/api/admin/pickup-points?province=jp-47&limit=2');
      expect(first.items.map((point) => point.id)).toEqual([okinawa[2], okinawa[1]]);
      expect(first.next_cursor).not.toBeNull();
      const second = await read<Point>(
        `/api/admin/pickup-points?province=JP-47&limit=2&cursor=${encodeURIComponent(first.next_cursor!)}`,
      );
      expect(second.items.map((point) => point.id)).toEqual([okinawa[0]]);
      expect(second.next_cursor).toBeNull();

      const japan = (await read<Point>('/api/admin/pickup-points?country=JP&limit=100')).items.map((point) => point.id);
      expect(japan).toEqual(expect.arrayContaining([...okinawa, ehime]));
      expect(
        (await read<Point>('/api/admin/pickup-points?country=JP&province=JP-38')).items.map((point) => point.id),
      ).toEqual([ehime]);
      expect((await read<Point>('/api/admin/pickup-points?country=US&province=US-AK')).items).toEqual([]);
    });

    it('shows each point with its stock of every physical product, inactive points included', async () => {
      const [naha] = (await read<Point>('/api/admin/pickup-points?province=JP-47&limit=100')).items.filter(
        (point) => point.id === okinawa[0],
      );
      expect(naha).toMatchObject({ name: 'en_US:::Naha', country: 'JP', province: 'JP-47', active: true });
      expect(naha!.inventory).toContainEqual({ product_id: physical, product_name: 'en_US:::Home Miner', quantity: 7 });
      expect(naha!.inventory.some((row) => row.product_id === digital)).toBe(false);
      const [matsuyama] = (await read<Point>('/api/admin/pickup-points?province=JP-38')).items;
      expect(matsuyama!.inventory).toContainEqual({
        product_id: physical,
        product_name: 'en_US:::Home Miner',
        quantity: 0,
      });

      const { id: _id, inventory: _inventory, ...fields } = matsuyama!;
      expect(
        (await t.injectAs(support, `PUT /api/admin/pickup-points/${ehime}`, { ...fields, active: false })).json().code,
      ).toBe(0);
      expect((await read<Point>('/api/admin/pickup-points?province=JP-38')).items[0]).toMatchObject({
        id: ehime,
        active: false,
      });
    });
  });

  describe('GET /api/admin/validators', () => {
    it('needs a console session; every role reads; the page is validated', async () => {
      await expectRefused('/api/admin/validators');
      expect((await call('GET', '/api/admin/validators', await operatorLogin(t.app, 'finance'))).statusCode).toBe(200);
      await expectInvalid('/api/admin/validators?limit=abc', 'limit');
      await expectInvalid('/api/admin/validators?cursor=forged', 'cursor');
    });

    it('lists validators newest first with their points, and no longer one whose points were taken', async () => {
      const made: string[] = [];
      for (const points of [[okinawa[0]!], [okinawa[1]!, ehime], [okinawa[2]!]]) {
        const who = await login(t.app);
        expect(
          (await t.injectAs(support, `PUT /api/admin/validators/${who.userinfo.bsc}`, { point_ids: points })).json()
            .code,
        ).toBe(0);
        made.push(who.userinfo.bsc);
      }
      const first = await read<Validator>('/api/admin/validators?limit=2');
      expect(first.items.map((v) => v.address)).toEqual([made[2], made[1]]);
      expect(first.items[1]!.points.map((point) => point.id)).toEqual(
        [okinawa[1], ehime].sort((a, b) => Number(a) - Number(b)),
      );
      expect(first.items[1]!.points.find((point) => point.id === ehime)).toMatchObject({
        name: 'en_US:::Matsuyama',
        country: 'JP',
        province: 'JP-38',
      });
      const second = await read<Validator>(
        `/api/admin/validators?limit=2&cursor=${encodeURIComponent(first.next_cursor!)}`,
      );
      expect(second.items[0]).toMatchObject({
        address: made[0],
        points: [{ id: okinawa[0], name: 'en_US:::Naha', active: true }],
      });

      await t.injectAs(support, `PUT /api/admin/validators/${made[1]}`, { point_ids: [] });
      const after = await read<Validator>('/api/admin/validators?limit=100');
      expect(after.items.map((v) => v.address)).not.toContain(made[1]);
      expect(after.items.map((v) => v.address)).toEqual(expect.arrayContaining([made[0], made[2]]));
    });
  });

  describe('GET /api/admin/shipping/requests', () => {
    async function deliveryOf(): Promise<{ id: string; address: string }> {
      const session = await login(t.app);
      await credit(t.database, session.userinfo.bsc, 'USDT', '100');
      const bought = await t.injectAs(session, 'POST /api/miners/buy', {
        product_id: physical,
        pay_asset: 'USDT',
        quantity: 1,
      });
      await t.injectAs(session, 'POST /api/addresses', HOME);
      await setFundPassword(t.app, session, 'pass-123');
      const made = await t.injectAs(session, 'POST /api/shipping/delivery', {
        order_id: bought.json().data.orders[0].id,
        fund_password: 'pass-123',
      });
      expect(made.json().code, made.body).toBe(0);
      return { id: made.json().data.request.id, address: session.userinfo.bsc };
    }

    it('needs a console session; marking shipped needs support; the filters are validated', async () => {
      await expectRefused('/api/admin/shipping/requests');
      await expectInvalid('/api/admin/shipping/requests?status=lost', 'status');
      await expectInvalid('/api/admin/shipping/requests?kind=drone', 'kind');
      const finance = await operatorLogin(t.app, 'finance');
      const refused = await t.injectAs(finance, 'POST /api/admin/shipping/requests/1/ship', {
        carrier: 'SF',
        tracking_no: 'SF1',
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 1006 });
    });

    it('filters by status and kind, names the user, and a shipped delivery leaves the to-ship list', async () => {
      const a = await deliveryOf();
      const b = await deliveryOf();
      const toShip = await read<{ id: string; user: string; status: string; kind: string }>(
        '/api/admin/shipping/requests?kind=delivery&status=to_ship&limit=100',
      );
      expect(toShip.items.slice(0, 2)).toMatchObject([
        { id: b.id, user: b.address, status: 'to_ship', kind: 'delivery' },
        { id: a.id, user: a.address, status: 'to_ship', kind: 'delivery' },
      ]);
      expect(
        (
          await t.injectAs(support, `POST /api/admin/shipping/requests/${a.id}/ship`, {
            carrier: 'SF Express',
            tracking_no: 'SF1234567890',
          })
        ).json().code,
      ).toBe(0);
      const stillToShip = (
        await read<{ id: string }>('/api/admin/shipping/requests?status=to_ship&limit=100')
      ).items.map((item) => item.id);
      expect(stillToShip).toContain(b.id);
      expect(stillToShip).not.toContain(a.id);
      const shipped = await read<{ id: string; carrier: string }>(
        '/api/admin/shipping/requests?status=shipped&limit=100',
      );
      expect(shipped.items.find((item) => item.id === a.id)).toMatchObject({
        carrier: 'SF Express',
        tracking_no: 'SF1234567890',
      });
      expect(
        (await read<{ id: string }>('/api/admin/shipping/requests?kind=pickup&limit=100')).items.map((item) => item.id),
      ).not.toContain(a.id);
    });
  });
});
