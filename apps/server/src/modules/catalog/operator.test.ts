import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addProduct,
  type Auth,
  buildTestApp,
  checkBooks,
  credit,
  login,
  operatorLogin,
  type Session,
  type TestApp,
  testOperators,
} from '../../test/helpers.js';

type Method = 'GET' | 'POST' | 'PUT';
const NAME = [
  'en_US:::Console Miner',
  'zh_CN:::控制台矿机',
  'ko_KR:::콘솔 채굴기',
  'ja_JP:::コンソールマイナー',
  'id_ID:::Miner Konsol',
].join('\n');
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('IHDR fake but signed'),
]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('JFIF')]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x10, 0, 0, 0]), Buffer.from('WEBPVP8 ')]);

const newProduct = (overrides: Record<string, unknown> = {}) => ({
  name: NAME,
  category: 'machine',
  price_usdt: '100',
  price_wallx: null,
  daily_output: '2',
  output_days: 30,
  stock: 50,
  per_user_limit: null,
  physical: false,
  gift: false,
  on_sale: false,
  pickup_from: null,
  sort: 0,
  ...overrides,
});

describe('catalog operators', () => {
  let t: TestApp;
  let base: string;
  let admin: Auth;
  let finance: Auth;
  let support: Auth;
  let viewer: Auth;
  let appUser: Session;
  beforeAll(async () => {
    t = await buildTestApp();
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    [admin, finance, support, viewer] = await Promise.all([
      operatorLogin(t.app, 'admin'),
      operatorLogin(t.app, 'finance'),
      operatorLogin(t.app, 'support'),
      operatorLogin(t.app, 'viewer'),
    ]);
    appUser = await login(t.app);
  });
  afterAll(() => t.close());

  const call = (method: Method, url: string, auth?: Auth, payload?: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url, headers: { ...auth, ...headers }, ...(payload ? { payload } : {}) });
  const okData = async (method: Method, url: string, auth: Auth, payload?: object) => {
    const response = await call(method, url, auth, payload);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };
  const upload = (id: string, body: Buffer, type: string, auth: Auth = admin) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/admin/products/${id}/image`,
      headers: { ...auth, 'content-type': type },
      payload: body,
    });
  const create = async (overrides: Record<string, unknown> = {}) =>
    (await okData('POST', '/api/admin/products', admin, newProduct(overrides))).product;
  const lastAudit = (subjectType: string, subjectId: string) =>
    t.database.db
      .selectFrom('operator_audit')
      .select(['operator', 'action', 'detail'])
      .where('subject_type', '=', subjectType)
      .where('subject_id', '=', subjectId)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
  const publicProducts = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/miners/products' })).json().data.items as Array<{
      id: string;
      image: string;
      price_usdt: string | null;
    }>;
  const editOf = (p: Record<string, unknown>) => {
    const { id: _id, stock: _stock, image: _image, units_out: _u, created_at: _c, updated_at: _up, ...rest } = p;
    return rest;
  };

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

  describe('images', () => {
    it('stores the upload, serves it at a content-hashed URL with the exact headers, and the public catalog points there', async () => {
      const product = await create({ on_sale: true });
      const response = await upload(product.id, PNG, 'image/png');
      expect(response.statusCode, response.body).toBe(200);
      const { image } = response.json().data;
      expect(image).toMatch(/^\/api\/images\/[0-9a-f]{64}\.png$/);
      expect(await lastAudit('product', product.id)).toMatchObject({
        action: 'product.image',
        detail: { before: { image: '' }, after: { image } },
      });
      expect((await publicProducts()).find((p) => p.id === product.id)?.image).toBe(image);

      const served = await fetch(`${base}${image}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/png');
      expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);

      // JPEG and WebP too; the same file twice is one stored image.
      expect((await upload(product.id, JPEG, 'image/jpeg')).json().data.image).toMatch(/\.jpg$/);
      expect((await upload(product.id, WEBP, 'image/webp; charset=binary')).json().data.image).toMatch(/\.webp$/);
      expect((await upload(product.id, PNG, 'image/png')).json().data.image).toBe(image);
      const stored = await t.database.db
        .selectFrom('images')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(stored.n)).toBe(3);
    });

    it('refuses a file that is not what it claims, another type, or more than the limit; unknown images are 404', async () => {
      const product = await create();
      const mismatch = await upload(product.id, JPEG, 'image/png');
      expect(mismatch.statusCode).toBe(400);
      expect(mismatch.json()).toMatchObject({
        code: 8205,
        message: 'The file is not the PNG image it claims to be',
        data: { field: 'image' },
      });
      const html = await upload(product.id, Buffer.from('<html><script>alert(1)</script></html>'), 'image/webp');
      expect(html.json()).toMatchObject({ code: 8205, data: { field: 'image' } });
      for (const type of ['image/svg+xml', 'image/gif', 'text/html', 'application/json']) {
        const unsupported = await upload(product.id, PNG, type);
        expect(unsupported.statusCode, type).toBe(415);
        expect(unsupported.json()).toMatchObject({ code: 8204, data: { field: 'image' } });
      }
      const big = Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]);
      const tooLarge = await upload(product.id, big, 'image/png');
      expect(tooLarge.statusCode).toBe(413);
      expect(tooLarge.json()).toMatchObject({
        code: 8203,
        message: 'The image is larger than 1 MB',
        data: { field: 'image' },
      });
      // Over real HTTP too, declared length or not (a stream is cut at the limit, not read whole).
      const overHttp = await fetch(`${base}/api/admin/products/${product.id}/image`, {
        method: 'PUT',
        headers: { ...admin, 'content-type': 'image/png' },
        body: big,
      });
      expect(overHttp.status).toBe(413);
      expect(await overHttp.json()).toMatchObject({ code: 8203 });
      const streamed = new ReadableStream({
        start(controller) {
          for (let i = 0; i < 20; i += 1) controller.enqueue(new Uint8Array(100 * 1024));
          controller.close();
        },
      });
      const chunked = await fetch(`${base}/api/admin/products/${product.id}/image`, {
        method: 'PUT',
        headers: { ...admin, 'content-type': 'image/png' },
        body: streamed,
        duplex: 'half',
      } as RequestInit);
      expect(chunked.status).toBe(413);
      expect(await chunked.json()).toMatchObject({ code: 8203, data: { field: 'image' } });
      // Chinese too: every refusal is translated.
      const zh = await t.app.inject({
        method: 'PUT',
        url: `/api/admin/products/${product.id}/image`,
        headers: { ...admin, 'content-type': 'image/gif', 'accept-language': 'zh-CN' },
        payload: PNG,
      });
      expect(zh.json().message).toBe('请上传 PNG、JPEG 或 WebP 图片');
      expect((await upload('9000000000', PNG, 'image/png')).json()).toMatchObject({
        code: 5004,
        data: { field: 'id' },
      });
      expect((await t.app.inject({ method: 'GET', url: `/api/images/${'0'.repeat(64)}.png` })).json()).toMatchObject({
        code: 8206,
      });
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/images/../../etc/passwd' })).statusCode,
      ).toBeGreaterThanOrEqual(400);
      expect((await t.app.inject({ method: 'GET', url: '/api/images/abc.png' })).json()).toMatchObject({
        code: 1001,
        data: { field: 'file' },
      });
      expect(
        (await okData('GET', `/api/admin/products?limit=100`, viewer)).items.find(
          (p: { id: string }) => p.id === product.id,
        ).image,
      ).toBe('');
    });
  });

  describe('gift grants', () => {
    const grantBody = (overrides: Record<string, unknown> = {}) => ({
      address: appUser.userinfo.bsc,
      quantity: 1,
      reason: 'Launch event',
      ...overrides,
    });

    it('validates the body, naming the field', async () => {
      const gift = await create({ gift: true, price_usdt: null, stock: 5 });
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ address: '0x1234' }, 'address'],
        [{ quantity: 0 }, 'quantity'],
        [{ quantity: 11 }, 'quantity'],
        [{ reason: '  ' }, 'reason'],
        [{ product_id: 'abc' }, 'product_id'],
      ];
      for (const [overrides, field] of cases) {
        const response = await t.injectAs(
          finance,
          'POST /api/admin/gifts',
          grantBody({ product_id: gift.id, ...overrides }),
        );
        expect(response.statusCode, field).toBe(400);
        expect(response.json()).toMatchObject({ code: 1001, data: { field } });
      }
      expect(
        (
          await t.injectAs(
            finance,
            'POST /api/admin/gifts',
            grantBody({ product_id: gift.id, address: '0x000000000000000000000000000000000000dEaD' }),
          )
        ).json(),
      ).toMatchObject({ code: 8208, data: { field: 'address' } });
      const sellable = await create({ stock: 5 });
      expect(
        (await t.injectAs(finance, 'POST /api/admin/gifts', grantBody({ product_id: sellable.id }))).json(),
      ).toMatchObject({ code: 8207, data: { field: 'product_id' } });
      expect(
        (await t.injectAs(finance, 'POST /api/admin/gifts', grantBody({ product_id: gift.id, quantity: 6 }))).json(),
      ).toMatchObject({ code: 4010, data: { field: 'quantity' } });
    });

    it('gives unused gift orders without any debit, takes stock, audits, and lists grants by user', async () => {
      const gift = await create({ gift: true, price_usdt: null, stock: 5, daily_output: '0.5', output_days: 7 });
      const receiver = await login(t.app);
      const grant = (
        await okData(
          'POST',
          '/api/admin/gifts',
          finance,
          grantBody({ address: receiver.userinfo.bsc, product_id: gift.id, quantity: 2 }),
        )
      ).grant;
      expect(grant).toMatchObject({
        address: receiver.userinfo.bsc,
        quantity: 2,
        reason: 'Launch event',
        operator: testOperators.finance.address.toLowerCase(),
        product: { id: gift.id },
      });
      expect(grant.order_ids).toHaveLength(2);
      expect(await lastAudit('gift_grant', grant.id)).toMatchObject({
        action: 'gift.grant',
        detail: { before: { stock: 5 }, after: { quantity: 2, stock: 3, order_ids: grant.order_ids } },
      });

      const orders = (await t.injectAs(receiver, 'GET /api/miners/orders')).json().data.items;
      expect(orders).toHaveLength(2);
      expect(orders[0]).toMatchObject({
        gift: true,
        status: 'unused',
        price: null,
        pay_asset: null,
        product: { id: gift.id, daily_output: '0.5', output_days: 7 },
      });
      expect((await t.injectAs(receiver, 'GET /api/user/info')).json().data.balance).toMatchObject({
        usdt: '0',
        wallx: '0',
      });
      expect(
        (await okData('GET', '/api/admin/products?gift=true&limit=100', viewer)).items.find(
          (p: { id: string }) => p.id === gift.id,
        ),
      ).toMatchObject({ stock: 3, units_out: 2 });

      const listed = await okData('GET', `/api/admin/gifts?address=${receiver.userinfo.bsc}`, viewer);
      expect(listed.items.map((g: { id: string }) => g.id)).toEqual([grant.id]);
      expect((await okData('GET', `/api/admin/gifts?address=${'0x'.padEnd(42, '7')}`, viewer)).items).toEqual([]);
      expect((await t.injectAs(viewer, 'GET /api/admin/gifts?address=nope')).json()).toMatchObject({
        code: 1001,
        data: { field: 'address' },
      });
      expect((await checkBooks(t.database)).problems).toEqual([]);
    });

    it('a granted miner can never be listed for sale or transferred', async () => {
      const gift = await create({ gift: true, price_usdt: null, stock: 5 });
      const owner = await t.userWith({ fundPassword: 'pass-123' });
      const other = await login(t.app);
      const [orderId] = (
        await okData(
          'POST',
          '/api/admin/gifts',
          finance,
          grantBody({ address: owner.userinfo.bsc, product_id: gift.id }),
        )
      ).grant.order_ids;
      const miner = (await t.injectAs(owner, `POST /api/miners/orders/${orderId}/use`)).json().data.miner;
      expect(miner).toMatchObject({ gift: true, state: 'off' });
      const transfer = await t.injectAs(owner, `POST /api/miners/${miner.id}/transfer`, {
        to: other.userinfo.bsc,
        fund_password: 'pass-123',
      });
      expect(transfer.json()).toMatchObject({ code: 4001 });
      const listing = await t.injectAs(owner, 'POST /api/mtrade/orders', {
        miner_id: miner.id,
        unit_price: '10',
        expiry: '1D',
        fund_password: 'pass-123',
      });
      expect(listing.json()).toMatchObject({ code: 4001 });
      expect((await t.injectAs(owner, 'GET /api/miners/mine')).json().data.items[0]).toMatchObject({
        id: miner.id,
        state: 'off',
      });
    });

    it('races: parallel grants never take more than the stock, and a retried key grants once', async () => {
      const gift = await create({ gift: true, price_usdt: null, stock: 5 });
      const post = (payload: object, headers: Record<string, string> = {}) =>
        fetch(`${base}/api/admin/gifts`, {
          method: 'POST',
          headers: { ...finance, 'content-type': 'application/json', ...headers },
          body: JSON.stringify(payload),
        }).then(async (r) => (await r.json()) as { code: number; data?: { grant: { id: string } } });
      const answers = await Promise.all(Array.from({ length: 8 }, () => post(grantBody({ product_id: gift.id }))));
      expect(answers.filter((a) => a.code === 0)).toHaveLength(5);
      expect(new Set(answers.filter((a) => a.code !== 0).map((a) => a.code))).toEqual(new Set([4010]));

      await okData('POST', `/api/admin/products/${gift.id}/stock`, admin, { change: 5 });
      const retried = await Promise.all(
        Array.from({ length: 4 }, () =>
          post(grantBody({ product_id: gift.id, quantity: 2 }), { 'idempotency-key': 'grant-retry-1' }),
        ),
      );
      expect(retried.every((a) => a.code === 0)).toBe(true);
      expect(new Set(retried.map((a) => a.data!.grant.id)).size).toBe(1);
      const conflict = await post(grantBody({ product_id: gift.id, quantity: 3 }), {
        'idempotency-key': 'grant-retry-1',
      });
      expect(conflict.code).toBe(1007);
      const after = (await okData('GET', '/api/admin/products?gift=true&limit=100', viewer)).items.find(
        (p: { id: string }) => p.id === gift.id,
      );
      expect(after).toMatchObject({ stock: 3, units_out: 7 });
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
