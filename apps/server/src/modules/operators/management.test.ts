import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Auth,
  buildTestApp,
  consoleLogin,
  login,
  newWallet,
  operatorLogin,
  seedOperator,
  signedConsoleLogin,
  type TestApp,
  testOperators,
  testSecondAdmin,
} from '../../test/helpers.js';

/**
 * Admins keep the operators (decision 60); adding one, a role, a person link and enabling are
 * proposals a second admin approves, disabling is at once (decision 118).
 */
describe('operators management', () => {
  let t: TestApp;
  let admin: Auth;
  let admin2: Auth;
  const adminAddress = testOperators.admin.address.toLowerCase();
  const admin2Address = testSecondAdmin.address.toLowerCase();
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await operatorLogin(t.app, 'admin');
    admin2 = await consoleLogin(t.app, testSecondAdmin);
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
      added_by: string | null;
      approved_by: string | null;
      cooling_until: string | null;
      person: string | null;
    }[];
  const entryOf = async (address: string) => (await list()).find((entry) => entry.address === address);
  const audit = async (address: string) =>
    (await t.injectAs(admin, `GET /api/admin/audit?subject_type=operator&subject_id=${address}`)).json().data.items as {
      action: string;
      operator: string;
      detail: Record<string, unknown>;
    }[];
  const me = (auth: Auth) => t.injectAs(auth, 'GET /api/admin/auth/me');
  const approve = (auth: Auth, id: string) => t.injectAs(auth, `POST /api/admin/proposals/${id}/approve`);
  /** Proposed by one admin, approved by the other: the change's answer, then the approval's. */
  async function proposedAndApproved(proposer: Auth, approver: Auth, route: string, body?: object) {
    const [method, url] = route.split(' ') as ['POST' | 'PUT', string];
    const proposed = (await call(method, url, proposer, body)).json();
    expect(proposed, route).toMatchObject({ code: 0, data: { status: 'pending' } });
    const approved = (await approve(approver, proposed.data.id)).json();
    expect(approved, route).toMatchObject({ code: 0, data: { status: 'approved' } });
    return proposed.data as { id: string; kind: string; operator: unknown };
  }

  it('only an admin reaches the operators endpoints; others are refused before the body is read', async () => {
    const someone = `0x${'77'.repeat(20)}`;
    const user = await login(t.app);
    const routes: [method: 'GET' | 'POST' | 'PUT', url: string, payload?: object][] = [
      ['GET', '/api/admin/operators'],
      ['POST', '/api/admin/operators', { address: someone, role: 'viewer' }],
      ['PUT', `/api/admin/operators/${someone}`, { role: 'viewer' }],
      ['PUT', `/api/admin/operators/${someone}/person`, { person: null }],
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

  it('validates the address, the role and the person, naming the field', async () => {
    const cases: [method: 'POST' | 'PUT', url: string, payload: object, field: string][] = [
      ['POST', '/api/admin/operators', { address: 'bob', role: 'viewer' }, 'address'],
      ['POST', '/api/admin/operators', { address: `0x${'78'.repeat(20)}`, role: 'owner' }, 'role'],
      ['POST', '/api/admin/operators', { role: 'viewer' }, 'address'],
      ['POST', '/api/admin/operators', { address: `0x${'78'.repeat(20)}`, role: 'viewer', person: 'me' }, 'person'],
      ['PUT', '/api/admin/operators/bob', { role: 'viewer' }, 'address'],
      ['PUT', `/api/admin/operators/0x${'78'.repeat(20)}`, {}, 'role'],
      ['PUT', `/api/admin/operators/0x${'78'.repeat(20)}/person`, {}, 'person'],
      ['PUT', `/api/admin/operators/0x${'78'.repeat(20)}/person`, { person: '0x12' }, 'person'],
      ['POST', '/api/admin/operators/0x12/disable', {}, 'address'],
      ['POST', '/api/admin/operators/0x12/enable', {}, 'address'],
    ];
    for (const [method, url, payload, field] of cases) {
      const response = await call(method, url, admin, payload);
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toMatchObject({ code: 1001, data: { field } });
    }
    const nobody = `0x${'78'.repeat(20)}`;
    for (const [method, url, payload] of [
      ['PUT', `/api/admin/operators/${nobody}`, { role: 'viewer' }],
      ['PUT', `/api/admin/operators/${nobody}/person`, { person: null }],
      ['POST', `/api/admin/operators/${nobody}/enable`, undefined],
      ['POST', `/api/admin/operators/${nobody}/disable`, undefined],
    ] as const) {
      expect((await call(method, url, admin, payload)).json(), url).toMatchObject({
        code: 8304,
        data: { field: 'address' },
      });
    }
    expect(
      (
        await call('POST', '/api/admin/operators', admin, {
          address: newWallet().address,
          role: 'viewer',
          person: nobody,
        })
      ).json(),
    ).toMatchObject({ code: 8304, data: { field: 'person' } });
  });

  it('lists configuration operators read-only; each change but disabling waits for a second admin, and is audited with both', async () => {
    const configured = await list();
    for (const [account, role] of [
      ...(['viewer', 'support', 'finance', 'admin'] as const).map((role) => [testOperators[role], role] as const),
      [testSecondAdmin, 'admin'] as const,
    ]) {
      expect(configured).toContainEqual(
        expect.objectContaining({ address: account.address.toLowerCase(), role, source: 'config', is_read_only: true }),
      );
    }
    const added = privateKeyToAccount(`0x${'88'.repeat(32)}`);
    const address = added.address.toLowerCase();
    const proposed = (
      await t.injectAs(admin, 'POST /api/admin/operators', { address: added.address, role: 'viewer' })
    ).json();
    expect(proposed).toMatchObject({
      code: 0,
      data: {
        kind: 'operator.add',
        subject_type: 'operator',
        subject_id: address,
        status: 'pending',
        proposed_by: adminAddress,
        subject: null,
        operator: { address, before: null, after: { role: 'viewer', person: null, is_disabled: false } },
        settings: null,
      },
    });
    // Nothing is added until another admin approves: the wallet is no operator, and no second add waits.
    expect(await entryOf(address)).toBeUndefined();
    expect(
      (await call('POST', '/api/admin/auth/login', undefined, await signedConsoleLogin(t.app, added))).json(),
    ).toMatchObject({
      code: 8001,
    });
    expect((await t.injectAs(admin, 'POST /api/admin/operators', { address, role: 'admin' })).json()).toMatchObject({
      code: 8602,
      data: { field: 'subject_id' },
    });
    expect((await approve(admin, proposed.data.id)).json()).toMatchObject({ code: 8605, data: { field: 'id' } });
    // A finance operator decides money, not who operates.
    expect((await approve(await operatorLogin(t.app, 'finance'), proposed.data.id)).json()).toMatchObject({
      code: 1006,
    });
    expect((await approve(admin2, proposed.data.id)).json()).toMatchObject({
      code: 0,
      data: { status: 'approved', decided_by: admin2Address },
    });
    const entry = await entryOf(address);
    expect(entry).toMatchObject({
      role: 'viewer',
      source: 'console',
      added_by: adminAddress,
      approved_by: admin2Address,
    });
    expect(Date.parse(entry!.cooling_until!)).toBeGreaterThan(Date.now() + 23 * 3_600_000);
    expect((await t.injectAs(admin, 'POST /api/admin/operators', { address, role: 'admin' })).json()).toMatchObject({
      code: 8303,
      data: { field: 'address' },
    });

    // The new operator signs in as a viewer: reads, cannot cancel an order.
    const session = await consoleLogin(t.app, added);
    expect((await me(session)).json().data).toEqual({ address, role: 'viewer' });
    expect((await call('POST', '/api/admin/markets/c2c/orders/1/cancel', session, { reason: 'test' })).statusCode).toBe(
      403,
    );

    // A role: proposed, it changes nothing yet; approved, the same session has the new right at its next request.
    const promoted = await call('PUT', `/api/admin/operators/${address}`, admin2, { role: 'finance' });
    expect(promoted.json()).toMatchObject({
      data: { kind: 'operator.role', operator: { before: { role: 'viewer' }, after: { role: 'finance' } } },
    });
    expect((await me(session)).json().data.role).toBe('viewer');
    expect((await call('PUT', `/api/admin/operators/${address}`, admin, { role: 'finance' })).json()).toMatchObject({
      code: 8602,
    });
    expect((await approve(admin, promoted.json().data.id)).json().code).toBe(0);
    expect((await me(session)).json().data.role).toBe('finance');
    expect(
      (await call('POST', '/api/admin/markets/c2c/orders/900000000/cancel', session, { reason: 'test' })).json().code,
    ).toBe(4002);
    expect((await call('PUT', `/api/admin/operators/${address}`, admin, { role: 'finance' })).json()).toMatchObject({
      code: 8611,
      data: { field: 'role' },
    });
    await proposedAndApproved(admin, admin2, `PUT /api/admin/operators/${address}`, { role: 'support' });
    expect(
      (await call('POST', '/api/admin/markets/c2c/orders/900000000/cancel', session, { reason: 'test' })).statusCode,
    ).toBe(403);

    // Disabled at once by one admin: the session ends; enabling is a proposal, and revives no session.
    expect((await t.injectAs(admin, `POST /api/admin/operators/${address}/disable`)).json()).toMatchObject({
      data: { operator: { is_disabled: true } },
    });
    expect((await me(session)).json()).toMatchObject({ code: 8002 });
    expect(
      (await call('POST', '/api/admin/auth/login', undefined, await signedConsoleLogin(t.app, added))).json(),
    ).toMatchObject({ code: 8001 });
    const enabling = (await t.injectAs(admin, `POST /api/admin/operators/${address}/enable`)).json();
    expect(enabling).toMatchObject({
      data: { kind: 'operator.enable', operator: { before: { is_disabled: true }, after: { is_disabled: false } } },
    });
    expect((await entryOf(address))?.is_disabled).toBe(true);
    expect((await approve(admin2, enabling.data.id)).json().code).toBe(0);
    expect((await me(session)).json()).toMatchObject({ code: 8002 });
    expect((await me(await consoleLogin(t.app, added))).json().data).toEqual({ address, role: 'support' });
    // Enabling an enabled operator changes nothing, and is refused rather than proposed.
    expect((await t.injectAs(admin, `POST /api/admin/operators/${address}/enable`)).json()).toMatchObject({
      code: 8611,
      data: { field: 'address' },
    });

    const changes = (await audit(address)).filter((a) => !a.action.startsWith('operator.login')).reverse();
    expect(changes.map((a) => [a.action, a.operator])).toEqual([
      ['operator.add', admin2Address],
      ['operator.role', adminAddress],
      ['operator.role', admin2Address],
      ['operator.disable', adminAddress],
      ['operator.enable', admin2Address],
    ]);
    expect(changes[0]!.detail).toMatchObject({ proposal: proposed.data.id, proposed_by: adminAddress });
    expect(changes[4]!.detail).toMatchObject({
      before: { is_disabled: true },
      after: { is_disabled: false },
      proposed_by: adminAddress,
    });
    // Each sign-in is there too, the one refused while disabled among them (the one before the add named no operator).
    expect(
      (await audit(address))
        .map((a) => a.action)
        .filter((a) => a.startsWith('operator.login'))
        .reverse(),
    ).toEqual(['operator.login_failed', 'operator.login', 'operator.login_failed', 'operator.login']);
  });

  it('records a second wallet as the same person by a proposal, and a person is one address', async () => {
    const first = await seedOperator(t.database, newWallet(), 'finance');
    const second = await seedOperator(t.database, newWallet(), 'viewer');
    // Linked: the change names the first as the person; an admin cannot link their own wallet.
    const linking = await proposedAndApproved(admin, admin2, `PUT /api/admin/operators/${second}/person`, {
      person: first,
    });
    expect(linking.operator).toMatchObject({ before: { person: null }, after: { person: first } });
    expect((await entryOf(second))?.person).toBe(first);
    // A third wallet naming the second belongs to the first's person.
    const third = newWallet().address.toLowerCase();
    const adding = await proposedAndApproved(admin2, admin, 'POST /api/admin/operators', {
      address: third,
      role: 'viewer',
      person: second,
    });
    expect(adding.operator).toMatchObject({ after: { person: first } });
    expect((await entryOf(third))?.person).toBe(first);
    // The first is now a person others name: it cannot become someone else's second wallet.
    expect(
      (await t.injectAs(admin, `PUT /api/admin/operators/${first}/person`, { person: adminAddress })).json(),
    ).toMatchObject({
      code: 8308,
      data: { field: 'address' },
    });
    // Naming what it already names, or itself through its person, changes nothing.
    expect(
      (await t.injectAs(admin, `PUT /api/admin/operators/${second}/person`, { person: first })).json(),
    ).toMatchObject({
      code: 8611,
      data: { field: 'person' },
    });
    expect(
      (await t.injectAs(admin, `PUT /api/admin/operators/${second}/person`, { person: second })).json(),
    ).toMatchObject({
      code: 8304,
      data: { field: 'person' },
    });
    // Unlinked again by a proposal.
    await proposedAndApproved(admin, admin2, `PUT /api/admin/operators/${second}/person`, { person: null });
    expect((await entryOf(second))?.person).toBeNull();
    expect((await audit(second)).map((a) => a.action)).toEqual(['operator.person', 'operator.person']);
  });

  it('configuration operators cannot be proposed for or disabled here; nobody proposes a change of their own access, or disables themselves', async () => {
    const viewer = testOperators.viewer.address.toLowerCase();
    for (const [method, url, payload] of [
      ['POST', '/api/admin/operators', { address: viewer, role: 'admin' }],
      ['PUT', `/api/admin/operators/${viewer}`, { role: 'admin' }],
      ['PUT', `/api/admin/operators/${viewer}/person`, { person: adminAddress }],
      ['POST', `/api/admin/operators/${viewer}/enable`, undefined],
      ['POST', `/api/admin/operators/${viewer}/disable`, undefined],
    ] as const) {
      expect((await call(method, url, admin, payload)).json(), url).toMatchObject({
        code: 8302,
        data: { field: 'address' },
      });
    }
    // A console admin, and their second wallet: neither may propose their own access changed, but
    // another admin may; nobody disables themselves, another admin may, at once.
    const second = privateKeyToAccount(`0x${'99'.repeat(32)}`);
    const address = await seedOperator(t.database, second, 'admin');
    const wallet = await seedOperator(t.database, newWallet(), 'viewer', { person: address });
    const own = await consoleLogin(t.app, second);
    for (const [method, url, payload] of [
      ['PUT', `/api/admin/operators/${address}`, { role: 'viewer' }],
      ['PUT', `/api/admin/operators/${wallet}`, { role: 'admin' }],
      ['PUT', `/api/admin/operators/${wallet}/person`, { person: null }],
    ] as const) {
      expect((await call(method, url, own, payload)).json(), url).toMatchObject({
        code: 8307,
        data: { field: 'address' },
      });
    }
    expect((await call('POST', `/api/admin/operators/${address}/disable`, own)).json()).toMatchObject({ code: 8305 });
    expect((await me(own)).json().data.role).toBe('admin');
    expect((await call('PUT', `/api/admin/operators/${wallet}`, admin, { role: 'admin' })).json().code).toBe(0);
    expect(
      (await t.injectAs(admin, `POST /api/admin/operators/${address}/disable`)).json().data.operator.is_disabled,
    ).toBe(true);
  });

  it('a change proposed about an operator who has changed since cannot be approved; it is withdrawn instead', async () => {
    const address = await seedOperator(t.database, newWallet(), 'support');
    const proposed = (await call('PUT', `/api/admin/operators/${address}`, admin, { role: 'finance' })).json();
    expect(proposed).toMatchObject({ code: 0, data: { operator: { before: { is_disabled: false } } } });
    // Disabled meanwhile, at once: the change was proposed on an enabled operator.
    expect((await call('POST', `/api/admin/operators/${address}/disable`, admin2)).json().code).toBe(0);
    expect((await approve(admin2, proposed.data.id)).json()).toMatchObject({ code: 8606, data: { field: 'id' } });
    expect((await entryOf(address))?.role).toBe('support');
    expect((await t.injectAs(admin2, `POST /api/admin/proposals/${proposed.data.id}/withdraw`)).json()).toMatchObject({
      code: 0,
      data: { status: 'withdrawn' },
    });
  });

  it('names the configuration’s operators in the audit log once, as bootstrap, whatever the instances and restarts', async () => {
    const bootstrap = async () =>
      (await t.injectAs(admin, 'GET /api/admin/audit?action=operator.bootstrap&limit=100')).json().data.items as {
        operator: string;
        subject_id: string;
        detail: { role: string; source: string };
      }[];
    const rows = await bootstrap();
    expect(rows.map((row) => [row.subject_id, row.detail.role]).sort()).toEqual(
      [
        ...(['viewer', 'support', 'finance', 'admin'] as const).map((role) => [
          testOperators[role].address.toLowerCase(),
          role,
        ]),
        [admin2Address, 'admin'],
      ].sort(),
    );
    expect(rows.every((row) => row.operator === row.subject_id && row.detail.source === 'OPERATORS')).toBe(true);
    // Another instance on the same database, then one whose configuration gives an admin another role.
    const again = await buildTestApp({ database: t.database, keys: t.keys });
    await again.close();
    expect(await bootstrap()).toHaveLength(rows.length);
    const changed = await buildTestApp({
      database: t.database,
      keys: t.keys,
      config: { operators: [{ address: admin2Address, role: 'finance' }] },
    });
    await changed.close();
    expect((await bootstrap())[0]).toMatchObject({ subject_id: admin2Address, detail: { role: 'finance' } });
    expect(await bootstrap()).toHaveLength(rows.length + 1);
  });
});
