import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Auth,
  buildTestApp,
  login,
  operatorLogin,
  signedConsoleLogin,
  type TestApp,
  testOperators,
} from '../../test/helpers.js';

describe('operators management', () => {
  let t: TestApp;
  let admin: Auth;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await operatorLogin(t.app, 'admin');
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, auth?: Auth, payload?: object) =>
    t.app.inject({ method, url, ...(auth ? { headers: auth } : {}), ...(payload ? { payload } : {}) });
  const list = async () =>
    (await t.injectAs(admin, 'GET /api/admin/operators')).json().data.items as {
      address: string;
      role: string;
      source: string;
      is_read_only: boolean;
      is_disabled: boolean;
    }[];
  const audit = async (address: string) =>
    (await t.injectAs(admin, `GET /api/admin/audit?subject_type=operator&subject_id=${address}`)).json().data.items as {
      action: string;
      operator: string;
      detail: unknown;
    }[];
  async function sessionOf(account: ReturnType<typeof privateKeyToAccount>): Promise<Auth> {
    const body = (
      await call('POST', '/api/admin/auth/login', undefined, await signedConsoleLogin(t.app, account))
    ).json();
    expect(body.code, JSON.stringify(body)).toBe(0);
    return { authorization: `Bearer ${body.data.token}` };
  }
  const me = (auth: Auth) => t.injectAs(auth, 'GET /api/admin/auth/me');

  it('only an admin reaches the operators endpoints; others are refused before the body is read', async () => {
    const someone = `0x${'77'.repeat(20)}`;
    const user = await login(t.app);
    const routes: [method: 'GET' | 'POST' | 'PUT', url: string, payload?: object][] = [
      ['GET', '/api/admin/operators'],
      ['POST', '/api/admin/operators', { address: someone, role: 'viewer' }],
      ['PUT', `/api/admin/operators/${someone}`, { role: 'viewer' }],
      ['POST', `/api/admin/operators/${someone}/disable`],
      ['POST', `/api/admin/operators/${someone}/enable`],
    ];
    for (const [method, url, payload] of routes) {
      expect((await call(method, url, undefined, payload)).json(), url).toMatchObject({ code: 8002 });
      expect((await call(method, url, user.auth, payload)).statusCode, url).toBe(401);
      for (const role of ['viewer', 'support', 'finance'] as const) {
        const response = await call(method, url, await operatorLogin(t.app, role), payload);
        expect(response.statusCode, `${role} ${url}`).toBe(403);
        expect(response.json().code).toBe(1006);
      }
    }
    expect(await audit(someone)).toEqual([]);
  });

  it('validates the address and the role, naming the field', async () => {
    const cases: [method: 'POST' | 'PUT', url: string, payload: object, field: string][] = [
      ['POST', '/api/admin/operators', { address: 'bob', role: 'viewer' }, 'address'],
      ['POST', '/api/admin/operators', { address: `0x${'78'.repeat(20)}`, role: 'owner' }, 'role'],
      ['POST', '/api/admin/operators', { role: 'viewer' }, 'address'],
      ['PUT', '/api/admin/operators/bob', { role: 'viewer' }, 'address'],
      ['PUT', `/api/admin/operators/0x${'78'.repeat(20)}`, {}, 'role'],
      ['POST', '/api/admin/operators/0x12/disable', {}, 'address'],
    ];
    for (const [method, url, payload, field] of cases) {
      const response = await call(method, url, admin, payload);
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toMatchObject({ code: 1001, data: { field } });
    }
    expect(
      (await t.injectAs(admin, `PUT /api/admin/operators/0x${'78'.repeat(20)}`, { role: 'viewer' })).json(),
    ).toMatchObject({ code: 8304, data: { field: 'address' } });
  });

  it('lists configuration operators read-only; adds, changes, disables and enables console operators, audited', async () => {
    const configured = await list();
    for (const role of ['viewer', 'support', 'finance', 'admin'] as const) {
      expect(configured).toContainEqual(
        expect.objectContaining({
          address: testOperators[role].address.toLowerCase(),
          role,
          source: 'config',
          is_read_only: true,
        }),
      );
    }
    const added = privateKeyToAccount(`0x${'88'.repeat(32)}`);
    const address = added.address.toLowerCase();
    const created = await t.injectAs(admin, 'POST /api/admin/operators', { address: added.address, role: 'viewer' });
    expect(created.json()).toMatchObject({
      code: 0,
      data: {
        operator: {
          address,
          role: 'viewer',
          source: 'console',
          is_read_only: false,
          is_disabled: false,
          added_by: testOperators.admin.address.toLowerCase(),
        },
      },
    });
    expect(await list()).toContainEqual(expect.objectContaining({ address, role: 'viewer', source: 'console' }));
    expect((await t.injectAs(admin, 'POST /api/admin/operators', { address, role: 'admin' })).json()).toMatchObject({
      code: 8303,
      data: { field: 'address' },
    });

    // The new operator signs in as a viewer: reads, cannot cancel an order.
    const session = await sessionOf(added);
    expect((await me(session)).json().data).toEqual({ address, role: 'viewer' });
    expect((await call('POST', '/api/admin/markets/c2c/orders/1/cancel', session, { reason: 'test' })).statusCode).toBe(
      403,
    );

    // Promoted: the same session has the new right at its next request; demoted: loses it.
    expect((await t.injectAs(admin, `PUT /api/admin/operators/${address}`, { role: 'finance' })).json()).toMatchObject({
      data: { operator: { role: 'finance' } },
    });
    expect((await me(session)).json().data.role).toBe('finance');
    expect(
      (await call('POST', '/api/admin/markets/c2c/orders/900000000/cancel', session, { reason: 'test' })).json().code,
    ).toBe(4002);
    expect(
      (await t.injectAs(admin, `PUT /api/admin/operators/${address}`, { role: 'support' })).json().data.operator.role,
    ).toBe('support');
    expect(
      (await call('POST', '/api/admin/markets/c2c/orders/900000000/cancel', session, { reason: 'test' })).statusCode,
    ).toBe(403);

    // Disabled: the session ends at once, and enabling again does not revive it.
    expect((await t.injectAs(admin, `POST /api/admin/operators/${address}/disable`)).json()).toMatchObject({
      data: { operator: { is_disabled: true } },
    });
    expect((await me(session)).json()).toMatchObject({ code: 8002 });
    expect(
      (await call('POST', '/api/admin/auth/login', undefined, await signedConsoleLogin(t.app, added))).json(),
    ).toMatchObject({ code: 8001 });
    expect((await t.injectAs(admin, `POST /api/admin/operators/${address}/enable`)).json()).toMatchObject({
      data: { operator: { is_disabled: false, role: 'support' } },
    });
    expect((await me(session)).json()).toMatchObject({ code: 8002 });
    expect((await me(await sessionOf(added))).json().data).toEqual({ address, role: 'support' });
    // Enabling an enabled operator changes nothing and writes nothing.
    await t.injectAs(admin, `POST /api/admin/operators/${address}/enable`);

    const changes = (await audit(address)).filter((a) => !a.action.startsWith('operator.login'));
    expect(changes.map((a) => a.action).reverse()).toEqual([
      'operator.add',
      'operator.role',
      'operator.role',
      'operator.disable',
      'operator.enable',
    ]);
    // Each sign-in is there too, the one refused while disabled among them.
    expect(
      (await audit(address))
        .map((a) => a.action)
        .filter((a) => a.startsWith('operator.login'))
        .reverse(),
    ).toEqual(['operator.login', 'operator.login_failed', 'operator.login']);
    expect(changes[0]).toMatchObject({
      operator: testOperators.admin.address.toLowerCase(),
      detail: { before: { disabled: true }, after: { disabled: false } },
    });
  });

  it('configuration operators cannot be added, changed or disabled here; an admin cannot lower themselves', async () => {
    const viewer = testOperators.viewer.address.toLowerCase();
    for (const [method, url, payload] of [
      ['POST', '/api/admin/operators', { address: viewer, role: 'admin' }],
      ['PUT', `/api/admin/operators/${viewer}`, { role: 'admin' }],
      ['POST', `/api/admin/operators/${viewer}/disable`, undefined],
    ] as const) {
      expect((await call(method, url, admin, payload)).json(), url).toMatchObject({
        code: 8302,
        data: { field: 'address' },
      });
    }
    // A console admin: may not demote or disable themselves, but another admin may.
    const second = privateKeyToAccount(`0x${'99'.repeat(32)}`);
    const address = second.address.toLowerCase();
    await t.injectAs(admin, 'POST /api/admin/operators', { address, role: 'admin' });
    const own = await sessionOf(second);
    expect((await call('PUT', `/api/admin/operators/${address}`, own, { role: 'viewer' })).json()).toMatchObject({
      code: 8305,
      data: { field: 'address' },
    });
    expect((await call('POST', `/api/admin/operators/${address}/disable`, own)).json()).toMatchObject({ code: 8305 });
    expect((await me(own)).json().data.role).toBe('admin');
    expect(
      (await t.injectAs(admin, `POST /api/admin/operators/${address}/disable`)).json().data.operator.is_disabled,
    ).toBe(true);
  });
});
