import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addProduct,
  type Auth,
  checkBooks,
  credit,
  login,
  type Session,
  type TestApp,
  testOperators,
} from '../../test/helpers.js';
import { catalogOperatorHelpers, type Method, NAME, newProduct, startCatalogOperators } from './operator.fixtures.js';

describe('catalog operators', () => {
  let t: TestApp;
  let base: string;
  let admin: Auth;
  let finance: Auth;
  let support: Auth;
  let viewer: Auth;
  let appUser: Session;
  beforeAll(async () => {
    ({ t, base, admin, finance, support, viewer, appUser } = await startCatalogOperators());
  });
  afterAll(() => t.close());
  const { call, okData, create, lastAudit, publicProducts, editOf } = catalogOperatorHelpers(() => ({
    t,
    base,
    admin,
    finance,
    support,
    viewer,
    appUser,
  }));

  describe('guards', () => {
    // Every endpoint: no session, a user's token, a role without the capability.
    const endpoints: Array<{
      method: Method;
      url: string;
      payload?: object;
      capability: 'read' | 'catalog' | 'money';
    }> = [
      { method: 'GET', url: '/api/admin/products', capability: 'read' },
      { method: 'POST', url: '/api/admin/products', payload: newProduct(), capability: 'catalog' },
      { method: 'PUT', url: '/api/admin/products/1', payload: { ...newProduct(), version: 1 }, capability: 'catalog' },
      { method: 'POST', url: '/api/admin/products/1/stock', payload: { change: 1 }, capability: 'catalog' },
      { method: 'PUT', url: '/api/admin/products/1/image', capability: 'catalog' },
      { method: 'GET', url: '/api/admin/gifts', capability: 'read' },
      {
        method: 'POST',
        url: '/api/admin/gifts',
        payload: { address: testOperators.admin.address, product_id: '1', quantity: 1, reason: 'x' },
        capability: 'money',
      },
    ];
    it.each(endpoints)(
      '$method $url: 401 without a console session, 403 without the capability',
      async ({ method, url, payload, capability }) => {
        for (const auth of [undefined, appUser.auth]) {
          const refused = await call(method, url, auth, payload);
          expect(refused.statusCode).toBe(401);
          expect(refused.json().code).toBe(8002);
        }
        const without = { read: [], catalog: [viewer, support, finance], money: [viewer, support] }[capability];
        for (const auth of without) {
          const refused = await call(method, url, auth, payload);
          expect(refused.statusCode).toBe(403);
          expect(refused.json().code).toBe(1006);
        }
      },
    );
  });

  describe('products', () => {
    it('validates every field, naming it', async () => {
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ name: 'en_US:::Only English' }, 'name'],
        [{ name: `${NAME}\nfr_FR:::Mineur` }, 'name'],
        [{ price_usdt: null, price_wallx: null }, 'price_usdt'],
        [{ price_usdt: '0' }, 'price_usdt'],
        [{ price_wallx: 1.5 }, 'price_wallx'],
        [{ daily_output: '-1' }, 'daily_output'],
        [{ output_days: 0 }, 'output_days'],
        [{ stock: -1 }, 'stock'],
        [{ per_user_limit: 0 }, 'per_user_limit'],
        [{ category: 'gpu' }, 'category'],
        [{ pickup_from: 'soon' }, 'pickup_from'],
        [{ on_sale: 'yes' }, 'on_sale'],
      ];
      for (const [overrides, field] of cases) {
        const response = await t.injectAs(admin, 'POST /api/admin/products', newProduct(overrides));
        expect(response.statusCode, field).toBe(400);
        expect(response.json()).toMatchObject({ code: 1001, data: { field } });
      }
      const product = await create();
      const { version: _version, ...withoutVersion } = editOf(product);
      const noVersion = await t.injectAs(admin, `PUT /api/admin/products/${product.id}`, withoutVersion);
      expect(noVersion.json()).toMatchObject({ code: 1001, data: { field: 'version' } });
      expect(
        (await t.injectAs(admin, `POST /api/admin/products/${product.id}/stock`, { change: 0 })).json(),
      ).toMatchObject({ code: 1001, data: { field: 'change' } });
      expect((await t.injectAs(admin, 'GET /api/admin/products?gift=maybe')).json()).toMatchObject({
        code: 1001,
        data: { field: 'gift' },
      });
      expect(
        (await t.injectAs(admin, 'PUT /api/admin/products/9000000000', { ...editOf(product) })).json(),
      ).toMatchObject({ code: 5004, data: { field: 'id' } });
      // A gift needs no price.
      expect((await create({ gift: true, price_usdt: null })).gift).toBe(true);
    });

    it('creates hidden, edits from the version read, refuses a stale edit, and audits both', async () => {
      const product = await create();
      expect(product).toMatchObject({ name: NAME, on_sale: false, version: 1, stock: 50, image: '', units_out: 0 });
      expect(await lastAudit('product', product.id)).toMatchObject({
        operator: testOperators.admin.address.toLowerCase(),
        action: 'product.create',
        detail: { before: null, after: { id: product.id } },
      });
      expect((await publicProducts()).map((p) => p.id)).not.toContain(product.id);

      const edited = (
        await okData('PUT', `/api/admin/products/${product.id}`, admin, {
          ...editOf(product),
          on_sale: true,
          price_wallx: '400',
        })
      ).product;
      expect(edited).toMatchObject({ on_sale: true, price_wallx: '400', version: 2, stock: 50 });
      expect(await lastAudit('product', product.id)).toMatchObject({
        action: 'product.update',
        detail: { before: { on_sale: false, version: 1 }, after: { on_sale: true, version: 2 } },
      });
      expect((await publicProducts()).find((p) => p.id === product.id)).toMatchObject({ price_wallx: '400' });

      // A second operator still holding version 1 does not overwrite the first one's change.
      const stale = await t.injectAs(admin, `PUT /api/admin/products/${product.id}`, {
        ...editOf(product),
        price_usdt: '1',
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toMatchObject({ code: 8201, data: { field: 'version', version: 2 } });
      expect(
        (await okData('GET', '/api/admin/products?on_sale=true', viewer)).items.find(
          (p: { id: string }) => p.id === product.id,
        ),
      ).toMatchObject({ price_usdt: '100' });
    });

    it('lists everything with filters, paged by cursor', async () => {
      const gift = await create({ gift: true, price_usdt: null, category: 'node' });
      const all = await okData('GET', '/api/admin/products?limit=100', viewer);
      expect(all.items.map((p: { id: string }) => p.id)).toContain(gift.id);
      const gifts = await okData('GET', '/api/admin/products?gift=true&category=node', viewer);
      expect(gifts.items.every((p: { gift: boolean; category: string }) => p.gift && p.category === 'node')).toBe(true);
      expect(
        (await okData('GET', '/api/admin/products?gift=false', viewer)).items.some((p: { gift: boolean }) => p.gift),
      ).toBe(false);
      const first = await okData('GET', '/api/admin/products?limit=1', viewer);
      const second = await okData('GET', `/api/admin/products?limit=1&cursor=${first.next_cursor}`, viewer);
      expect(second.items[0].id).not.toBe(first.items[0].id);
      expect(BigInt(second.items[0].id)).toBeLessThan(BigInt(first.items[0].id));
    });

    it('keeps what users bought: orders and miners keep their output terms, prices change later purchases only', async () => {
      const product = await create({ on_sale: true, daily_output: '2', output_days: 30 });
      const buyer = await login(t.app);
      await credit(t.database, buyer.userinfo.bsc, 'USDT', '1000');
      const buy = () =>
        t.injectAs(buyer, 'POST /api/miners/buy', { product_id: product.id, pay_asset: 'USDT', quantity: 1 });
      const first = (await buy()).json().data.orders[0];
      expect(first).toMatchObject({ price: '100', product: { daily_output: '2', output_days: 30 } });

      const edited = (
        await okData('PUT', `/api/admin/products/${product.id}`, admin, {
          ...editOf(product),
          daily_output: '9',
          output_days: 5,
          price_usdt: '150',
        })
      ).product;
      expect(edited).toMatchObject({ daily_output: '9', units_out: 1 });
      const orders = (await t.injectAs(buyer, 'GET /api/miners/orders')).json().data.items;
      expect(orders.find((o: { id: string }) => o.id === first.id)).toMatchObject({
        price: '100',
        product: { daily_output: '2', output_days: 30 },
      });
      const miner = (await t.injectAs(buyer, `POST /api/miners/orders/${first.id}/use`)).json().data.miner;
      expect(miner).toMatchObject({ daily_output: '2', output_days: 30 });
      const later = (await buy()).json().data.orders[0];
      expect(later).toMatchObject({ price: '150', product: { daily_output: '9', output_days: 5 } });

      // Once units are out, what they are (shipped or not, sold or given) stays.
      for (const flag of ['physical', 'gift'] as const) {
        const locked = await t.injectAs(admin, `PUT /api/admin/products/${product.id}`, {
          ...editOf(edited),
          [flag]: !edited[flag],
          price_usdt: '150',
        });
        expect(locked.statusCode).toBe(409);
        expect(locked.json()).toMatchObject({ code: 8202, data: { field: flag } });
      }
      expect((await checkBooks(t.database)).problems).toEqual([]);
    });
  });

  describe('stock', () => {
    it('adjusts by a change, never below 0, audited', async () => {
      const product = await create({ stock: 5 });
      expect(
        (await okData('POST', `/api/admin/products/${product.id}/stock`, admin, { change: 7 })).product,
      ).toMatchObject({ stock: 12, version: 1 });
      expect(await lastAudit('product', product.id)).toMatchObject({
        action: 'product.stock',
        detail: { change: 7, before: { stock: 5 }, after: { stock: 12 } },
      });
      const below = await t.injectAs(admin, `POST /api/admin/products/${product.id}/stock`, { change: -13 });
      expect(below.statusCode).toBe(409);
      expect(below.json()).toMatchObject({
        code: 8209,
        message: 'Stock cannot go below 0 (it is 12)',
        data: { field: 'change' },
      });
    });

    it('races purchases: parallel buys and a stock cut never oversell nor go below 0', async () => {
      const product = await create({ on_sale: true, stock: 10, price_usdt: '1' });
      const buyers = await Promise.all(Array.from({ length: 12 }, () => login(t.app)));
      await Promise.all(buyers.map((b) => credit(t.database, b.userinfo.bsc, 'USDT', '10')));
      const post = (url: string, auth: Auth, payload: object) =>
        fetch(`${base}${url}`, {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify(payload),
        }).then(async (r) => ({ status: r.status, body: (await r.json()) as { code: number } }));
      const answers = await Promise.all([
        ...buyers.map((b) =>
          post('/api/miners/buy', b.auth, { product_id: product.id, pay_asset: 'USDT', quantity: 1 }),
        ),
        post(`/api/admin/products/${product.id}/stock`, admin, { change: -4 }),
        post(`/api/admin/products/${product.id}/stock`, admin, { change: -4 }),
      ]);
      const sold = answers.slice(0, 12).filter((a) => a.body.code === 0).length;
      const cuts = answers.slice(12).filter((a) => a.body.code === 0).length;
      for (const refused of answers.filter((a) => a.body.code !== 0)) expect([4010, 8209]).toContain(refused.body.code);
      const after = (await okData('GET', '/api/admin/products?limit=100', viewer)).items.find(
        (p: { id: string }) => p.id === product.id,
      );
      expect(after.stock).toBeGreaterThanOrEqual(0);
      expect(after.stock + sold + 4 * cuts).toBe(10);
      expect(after.units_out).toBe(sold);
      expect((await checkBooks(t.database)).problems).toEqual([]);
    });
  });

  it('documents the operator routes under the admin tag, and the image route publicly', async () => {
    const paths = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json().paths as Record<
      string,
      Record<string, { tags?: string[] }>
    >;
    for (const path of [
      '/api/admin/products',
      '/api/admin/products/{id}',
      '/api/admin/products/{id}/stock',
      '/api/admin/products/{id}/image',
      '/api/admin/gifts',
    ]) {
      for (const operation of Object.values(paths[path]!)) expect(operation.tags, path).toEqual(['admin']);
    }
    expect(paths['/api/images/{file}']!.get!.tags).toEqual(['images']);
  });

  it('a product added straight in the database is listed for operators too', async () => {
    const id = await addProduct(t.database, { on_sale: false });
    expect(
      (await okData('GET', '/api/admin/products?on_sale=false&limit=100', viewer)).items.map(
        (p: { id: string }) => p.id,
      ),
    ).toContain(id);
  });
});
