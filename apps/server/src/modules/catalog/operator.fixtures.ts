import { expect } from 'vitest';
import { type Auth, buildTestApp, login, operatorLogin, type Session, type TestApp } from '../../test/helpers.js';

export type Method = 'GET' | 'POST' | 'PUT';
export const NAME = [
  'en_US:::Console Miner',
  'zh_CN:::控制台矿机',
  'ko_KR:::콘솔 채굴기',
  'ja_JP:::コンソールマイナー',
  'id_ID:::Miner Konsol',
].join('\n');
export const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('IHDR fake but signed'),
]);
export const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('JFIF')]);
export const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x10, 0, 0, 0]), Buffer.from('WEBPVP8 ')]);

export const newProduct = (overrides: Record<string, unknown> = {}) => ({
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

export type CatalogOperators = {
  t: TestApp;
  base: string;
  admin: Auth;
  finance: Auth;
  support: Auth;
  viewer: Auth;
  appUser: Session;
};

/** The catalog console tests' app, listening on a port, with a console session per role and an app user. */
export async function startCatalogOperators(): Promise<CatalogOperators> {
  const t = await buildTestApp();
  const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const [admin, finance, support, viewer] = await Promise.all([
    operatorLogin(t.app, 'admin'),
    operatorLogin(t.app, 'finance'),
    operatorLogin(t.app, 'support'),
    operatorLogin(t.app, 'viewer'),
  ]);
  const appUser = await login(t.app);
  return { t, base, admin, finance, support, viewer, appUser };
}

/** The catalog console tests' requests, on what `current` answers once started. */
export function catalogOperatorHelpers(current: () => CatalogOperators) {
  const call = (method: Method, url: string, auth?: Auth, payload?: object, headers: Record<string, string> = {}) =>
    current().t.app.inject({ method, url, headers: { ...auth, ...headers }, ...(payload ? { payload } : {}) });
  const okData = async (method: Method, url: string, auth: Auth, payload?: object) => {
    const response = await call(method, url, auth, payload);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };
  const upload = (id: string, body: Buffer, type: string, auth: Auth = current().admin) =>
    current().t.app.inject({
      method: 'PUT',
      url: `/api/admin/products/${id}/image`,
      headers: { ...auth, 'content-type': type },
      payload: body,
    });
  const create = async (overrides: Record<string, unknown> = {}) =>
    (await okData('POST', '/api/admin/products', current().admin, newProduct(overrides))).product;
  const lastAudit = (subjectType: string, subjectId: string) =>
    current()
      .t.database.db.selectFrom('operator_audit')
      .select(['operator', 'action', 'detail'])
      .where('subject_type', '=', subjectType)
      .where('subject_id', '=', subjectId)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
  const publicProducts = async () =>
    (await current().t.app.inject({ method: 'GET', url: '/api/miners/products' })).json().data.items as Array<{
      id: string;
      image: string;
      price_usdt: string | null;
    }>;
  const editOf = (p: Record<string, unknown>) => {
    const { id: _id, stock: _stock, image: _image, units_out: _u, created_at: _c, updated_at: _up, ...rest } = p;
    return rest;
  };

  return { call, okData, upload, create, lastAudit, publicProducts, editOf };
}
