import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Auth, type Session, type TestApp } from '../../test/helpers.js';
import { catalogOperatorHelpers, JPEG, PNG, startCatalogOperators, WEBP } from './operator.fixtures.js';

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
  const { okData, upload, create, lastAudit, publicProducts } = catalogOperatorHelpers(() => ({
    t,
    base,
    admin,
    finance,
    support,
    viewer,
    appUser,
  }));

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
});
