import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addProduct,
  type Auth,
  buildTestApp,
  checkBooks,
  login,
  operatorLogin,
  type Session,
  type TestApp,
  testOperators,
} from '../../test/helpers.js';

const PASSWORD = 'pass-123';
const MISSING = '9000000000';

describe('operators: users', () => {
  let t: TestApp;
  let viewer: Auth;
  let support: Auth;
  let finance: Auth;
  beforeAll(async () => {
    t = await buildTestApp();
    viewer = await operatorLogin(t.app, 'viewer');
    support = await operatorLogin(t.app, 'support');
    finance = await operatorLogin(t.app, 'finance');
  });
  afterAll(() => t.close());

  const get = (url: string, headers?: Auth) => t.app.inject({ method: 'GET', url, ...(headers ? { headers } : {}) });
  const freeze = (id: string, payload: object, headers: Auth = support) =>
    t.injectAs(headers, `POST /api/admin/users/${id}/freeze`, payload);
  const idOf = async (session: Session) =>
    (
      await t.database.db
        .selectFrom('users')
        .select('id')
        .where('address', '=', session.userinfo.bsc)
        .executeTakeFirstOrThrow()
    ).id;
  const audit = (id: string) =>
    t.database.db
      .selectFrom('operator_audit')
      .select(['operator', 'action', 'detail'])
      .where('subject_type', '=', 'user')
      .where('subject_id', '=', id)
      .orderBy('id')
      .execute();

  it('refuses every users endpoint without a console session (8002), and a user token too', async () => {
    const user = await login(t.app);
    const id = await idOf(user);
    for (const url of [
      '/api/admin/users',
      `/api/admin/users/${id}`,
      `/api/admin/users/${id}/records`,
      `/api/admin/users/${id}/miners`,
    ]) {
      for (const headers of [undefined, user.auth]) {
        const response = await get(url, headers);
        expect(response.statusCode, url).toBe(401);
        expect(response.json().code).toBe(8002);
      }
    }
    const refused = await t.injectAs(user, `POST /api/admin/users/${id}/freeze`, { frozen: true, reason: 'nope' });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe(8002);
  });

  it('lets every role read, and only a role with `users` freeze (viewer and finance: 403)', async () => {
    const user = await login(t.app);
    const id = await idOf(user);
    expect((await t.injectAs(finance, `GET /api/admin/users/${id}`)).statusCode).toBe(200);
    for (const headers of [viewer, finance]) {
      const response = await freeze(id, { frozen: true, reason: 'fraud report' }, headers);
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe(1006);
    }
    expect(await audit(id)).toEqual([]);
  });

  it('searches by the whole address, its first 6+ hex digits (any case, 0x or not) or the share code', async () => {
    const [a, b] = [await login(t.app), await login(t.app)];
    const found = async (q: string) =>
      (await t.injectAs(viewer, `GET /api/admin/users?q=${encodeURIComponent(q)}`))
        .json()
        .data.items.map((u: { address: string }) => u.address);
    expect(await found(a.userinfo.bsc)).toEqual([a.userinfo.bsc]);
    expect(await found(a.userinfo.bsc.toUpperCase().replace('0X', '0x'))).toEqual([a.userinfo.bsc]);
    expect(await found(a.userinfo.bsc.slice(0, 10))).toContain(a.userinfo.bsc);
    expect(await found(a.userinfo.bsc.slice(2, 12).toUpperCase())).toContain(a.userinfo.bsc);
    expect(await found(b.userinfo.share_code)).toEqual([b.userinfo.bsc]);
    expect(await found(b.userinfo.share_code.toLowerCase())).toEqual([b.userinfo.bsc]);
    expect(await found('0x' + 'f'.repeat(40))).toEqual([]);

    const row = (await t.injectAs(viewer, `GET /api/admin/users?q=${b.userinfo.share_code}`)).json().data.items[0];
    expect(row).toMatchObject({
      id: await idOf(b),
      address: b.userinfo.bsc,
      share_code: b.userinfo.share_code,
      is_frozen: false,
      is_validator: false,
      inviter: null,
    });
    expect(Date.parse(row.created_at)).not.toBeNaN();
  });

  it('refuses a search too short to use an index, naming q; and bad filters or limits, naming them', async () => {
    for (const q of ['0x12345', 'abc', 'hello world!']) {
      const response = await t.injectAs(viewer, `GET /api/admin/users?q=${encodeURIComponent(q)}`);
      expect(response.statusCode, q).toBe(400);
      expect(response.json()).toMatchObject({ code: 8102, data: { field: 'q' } });
    }
    for (const [query, field] of [
      ['frozen=yes', 'frozen'],
      ['validator=1', 'validator'],
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['q=' + 'a'.repeat(65), 'q'],
    ]) {
      const response = await t.injectAs(viewer, `GET /api/admin/users?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({ code: 1001, data: { field } });
    }
    for (const url of [
      '/api/admin/users/abc',
      '/api/admin/users/0/records',
      '/api/admin/users/1/miners?state=broken',
      '/api/admin/users/1/records?asset=BTC',
    ]) {
      const response = await get(url, viewer);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().code).toBe(1001);
    }
  });

  it('pages newest first by keyset, with the frozen and validator filters', async () => {
    const inviter = await login(t.app);
    const made: Session[] = [];
    for (let i = 0; i < 3; i++) made.push(await login(t.app, undefined, inviter.userinfo.share_code));
    const ids = await Promise.all(made.map(idOf));
    await sql`update users set is_validator = true where id = any(${[ids[0], ids[2]]}::bigint[])`.execute(
      t.database.db,
    );
    expect((await freeze(ids[1]!, { frozen: true, reason: 'paging test' })).statusCode).toBe(200);

    const first = (await t.injectAs(viewer, 'GET /api/admin/users?limit=2')).json().data;
    expect(first.items.map((u: { id: string }) => u.id)).toEqual([ids[2], ids[1]]);
    expect(first.items[0].inviter).toBe(inviter.userinfo.bsc);
    const second = (await t.injectAs(viewer, `GET /api/admin/users?limit=2&cursor=${first.next_cursor}`)).json().data;
    expect(second.items.map((u: { id: string }) => u.id)).toEqual([ids[0], await idOf(inviter)]);

    const validators = (await t.injectAs(viewer, 'GET /api/admin/users?validator=true&limit=100'))
      .json()
      .data.items.map((u: { id: string }) => u.id);
    expect(validators.slice(0, 2)).toEqual([ids[2], ids[0]]);
    const frozen = (await t.injectAs(viewer, 'GET /api/admin/users?frozen=true&limit=100')).json().data.items;
    expect(frozen.every((u: { is_frozen: boolean }) => u.is_frozen)).toBe(true);
    expect(frozen.map((u: { id: string }) => u.id)).toContain(ids[1]);
    const active = (await t.injectAs(viewer, 'GET /api/admin/users?frozen=false&validator=true&limit=100'))
      .json()
      .data.items.map((u: { id: string }) => u.id);
    expect(active).toContain(ids[0]);
    expect(active).not.toContain(ids[1]);
  });

  it('shows a user: balances per asset, miners by state, team, validator points, region and the last freeze', async () => {
    const owner = await t.userWith({ usdt: '250', fundPassword: PASSWORD });
    const invitee = await login(t.app, undefined, owner.userinfo.share_code);
    const id = await idOf(owner);
    const productId = await addProduct(t.database, {
      price_wallx: null,
      daily_output: '2.5',
      output_days: 30,
      stock: 100,
    });
    const bought = await t.injectAs(owner, 'POST /api/miners/buy', {
      product_id: productId,
      pay_asset: 'USDT',
      quantity: 2,
    });
    expect(bought.json().code).toBe(0);
    const order = bought.json().data.orders[0].id;
    expect((await t.injectAs(owner, `POST /api/miners/orders/${order}/use`)).json().code).toBe(0);
    const point = (
      await t.injectAs(support, 'POST /api/admin/pickup-points', {
        name: 'en_US:::Depot One',
        country: 'CN',
        province: 'CN-GD',
        address: '1 Road',
        hours: '9-5',
        active: true,
      })
    ).json().data;
    expect(
      (await t.injectAs(support, `PUT /api/admin/validators/${owner.userinfo.bsc}`, { point_ids: [point.id] })).json()
        .code,
    ).toBe(0);

    const detail = (await t.injectAs(viewer, `GET /api/admin/users/${id}`)).json().data;
    expect(detail.user).toMatchObject({ id, address: owner.userinfo.bsc, is_validator: true, is_frozen: false });
    expect(detail.balances).toEqual([
      { asset: 'USDT', balance: '50' },
      { asset: 'WALLX', balance: '0' },
    ]);
    expect(detail.miners).toEqual({ off: 1, on: 0, selling: 0, expired: 0 });
    expect(detail.team).toMatchObject({ direct_count: 1, team_size: 1 });
    expect(detail.team.members.map((m: { address: string }) => m.address)).toEqual([invitee.userinfo.bsc]);
    expect(detail.validator_points).toEqual([{ id: point.id, name: 'en_US:::Depot One' }]);
    expect(detail.region).toBeNull();
    expect(detail.last_freeze).toBeNull();

    const records = (await t.injectAs(viewer, `GET /api/admin/users/${id}/records?asset=USDT&limit=1`)).json().data;
    expect(records.items).toHaveLength(1);
    expect(records.items[0].amount.startsWith('-')).toBe(true);
    const rest = (
      await t.injectAs(viewer, `GET /api/admin/users/${id}/records?asset=USDT&cursor=${records.next_cursor}`)
    ).json().data;
    expect(rest.items.map((r: { type: string }) => r.type)).toContain('deposit');
    expect((await t.injectAs(viewer, `GET /api/admin/users/${id}/records?asset=WALLX`)).json().data.items).toEqual([]);
    const miners = (await t.injectAs(viewer, `GET /api/admin/users/${id}/miners?state=off`)).json().data;
    expect(miners.items).toHaveLength(1);
    expect((await t.injectAs(viewer, `GET /api/admin/users/${id}/miners?state=on`)).json().data.items).toEqual([]);

    for (const url of [
      `/api/admin/users/${MISSING}`,
      `/api/admin/users/${MISSING}/records`,
      `/api/admin/users/${MISSING}/miners`,
    ]) {
      const response = await get(url, viewer);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toMatchObject({ code: 8101, data: { field: 'id' } });
    }
  });

  it('freezes with a reason (audited), refuses a second freeze and an unfreeze of an active account', async () => {
    const user = await login(t.app);
    const id = await idOf(user);
    const frozen = await freeze(id, { frozen: true, reason: '  suspected stolen wallet  ' });
    expect(frozen.statusCode).toBe(200);
    expect(frozen.json().data.user).toMatchObject({ id, is_frozen: true });
    const again = await freeze(id, { frozen: true, reason: 'twice' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 8103, data: { field: 'frozen' } });

    const detail = (await t.injectAs(viewer, `GET /api/admin/users/${id}`)).json().data;
    expect(detail.last_freeze).toMatchObject({
      frozen: true,
      reason: 'suspected stolen wallet',
      operator: testOperators.support.address.toLowerCase(),
    });

    expect((await freeze(id, { frozen: false, reason: 'owner verified' })).json().data.user.is_frozen).toBe(false);
    const unfrozenAgain = await freeze(id, { frozen: false, reason: 'again' });
    expect(unfrozenAgain.statusCode).toBe(409);
    expect(unfrozenAgain.json()).toMatchObject({ code: 8104, data: { field: 'frozen' } });

    expect(await audit(id)).toEqual([
      {
        operator: testOperators.support.address.toLowerCase(),
        action: 'user.freeze',
        detail: {
          before: { is_frozen: false },
          after: { is_frozen: true, withdrawn_orders: 0 },
          reason: 'suspected stolen wallet',
        },
      },
      {
        operator: testOperators.support.address.toLowerCase(),
        action: 'user.unfreeze',
        detail: { before: { is_frozen: true }, after: { is_frozen: false }, reason: 'owner verified' },
      },
    ]);
    expect((await t.injectAs(viewer, `GET /api/admin/users/${id}`)).json().data.last_freeze).toMatchObject({
      frozen: false,
      reason: 'owner verified',
    });
    const missing = await freeze(MISSING, { frozen: true, reason: 'ghost' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe(8101);
  });

  it('validates the freeze body, naming the field, and writes nothing', async () => {
    const id = await idOf(await login(t.app));
    const cases: [object, string][] = [
      [{ frozen: true }, 'reason'],
      [{ frozen: true, reason: 'ab' }, 'reason'],
      [{ frozen: true, reason: '   ab   ' }, 'reason'],
      [{ frozen: true, reason: 'x'.repeat(501) }, 'reason'],
      [{ reason: 'no flag' }, 'frozen'],
      [{ frozen: 'yes', reason: 'a string' }, 'frozen'],
    ];
    for (const [payload, field] of cases) {
      const response = await freeze(id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject({ code: 1001, data: { field } });
    }
    expect(
      (await t.injectAs(support, 'POST /api/admin/users/abc/freeze', { frozen: true, reason: 'bad id' })).json(),
    ).toMatchObject({ code: 1001, data: { field: 'id' } });
    expect(await audit(id)).toEqual([]);
  });

  it('a frozen account reads but cannot move money (1005); unfrozen, it can again', async () => {
    const [from, to] = [await t.userWith({ usdt: '100', fundPassword: PASSWORD }), await login(t.app)];
    const id = await idOf(from);
    const transfer = () =>
      t.injectAs(from, 'POST /api/funds/transfer', {
        to: to.userinfo.bsc,
        asset: 'USDT',
        amount: '10',
        fund_password: PASSWORD,
      });
    await freeze(id, { frozen: true, reason: 'hold funds' });
    const refused = await transfer();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe(1005);
    expect((await t.injectAs(from, 'GET /api/user/info')).json().data.balance.usdt).toBe('100');
    await freeze(id, { frozen: false, reason: 'released' });
    expect((await transfer()).json().code).toBe(0);
    expect((await checkBooks(t.database)).problems).toEqual([]);
  });
});
