import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGGREGATE_MIN_PEOPLE } from '@wallx/shared';
import {
  addProduct,
  buildTestApp,
  credit,
  login,
  operatorLogin,
  setFundPassword,
  type TestApp,
} from '../../test/helpers.js';

/** A private note no console answer may ever carry. */
const NOTE = 'ZEBRA-7731 my private note about a hard week';

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
  let today: string;
  let personAddress: string;
  let personId: string;
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
    ids = { id: requestId, address: holder, market: 'c2c', kind: 'scenes', key: 'about-us', country: 'default' };

    // Health data: one person's check-in, with a note no answer may carry, alone on its day (so no
    // aggregate may show either), and a day of exactly the minimum of people (so aggregates do show).
    const person = await login(t.app);
    const personRow = (
      await t.database.db
        .selectFrom('users')
        .select('id')
        .where('address', '=', person.userinfo.bsc)
        .executeTakeFirstOrThrow()
    ).id;
    today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());
    await t.database.db
      .insertInto('checkins')
      .values({ user_id: personRow, day: today, mood: 1, feelings: ['lonely', 'anxious'], note: NOTE, streak: 1 })
      .execute();
    personAddress = person.userinfo.bsc;
    personId = String(personRow);
    const yesterday = new Date(Date.parse(today) - 86_400_000).toISOString().slice(0, 10);
    for (let i = 0; i < AGGREGATE_MIN_PEOPLE; i++) {
      const other = await login(t.app);
      const otherId = (
        await t.database.db
          .selectFrom('users')
          .select('id')
          .where('address', '=', other.userinfo.bsc)
          .executeTakeFirstOrThrow()
      ).id;
      await t.database.db
        .insertInto('checkins')
        .values({ user_id: otherId, day: yesterday, mood: 2, feelings: ['lonely'], note: `${NOTE}-${i}`, streak: 1 })
        .execute();
    }

    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    gets = Object.entries(doc.paths)
      .filter(([path, methods]) => path.startsWith('/api/admin/') && 'get' in methods)
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

  it('no /api/admin answer carries one person’s check-in: not its note, mood or feelings, to any role', async () => {
    expect(gets).toContain('/api/admin/wellbeing/summary');
    expect(gets).toContain('/api/admin/support-lines');
    let read = 0;
    for (const role of ['admin', 'support', 'finance', 'viewer'] as const) {
      const auth = await operatorLogin(t.app, role);
      for (const url of [
        ...gets,
        `/api/admin/wellbeing/summary?from=${today}&to=${today}`,
        `/api/admin/users?q=${personAddress}`,
        `/api/admin/users/${personId}`,
        `/api/admin/users/${personId}/records`,
        `/api/admin/audit?subject=${personAddress}`,
      ]) {
        const response = await t.app.inject({ method: 'GET', url, headers: auth });
        if (response.statusCode === 200) read++;
        const name = `${role} GET ${url}`;
        expect(response.body, name).not.toContain('ZEBRA-7731');
        // No field of a check-in by its name, nor any feeling named in one.
        expect(response.body, name).not.toMatch(/"(mood|feelings|note)":/);
        expect(response.body, name).not.toMatch(/lonely|anxious/);
      }
    }
    expect(read).toBeGreaterThan(60);
    // The aggregates do reach the console where enough people checked in, and only there.
    const viewer = await operatorLogin(t.app, 'viewer');
    const days = (await t.injectAs(viewer, 'GET /api/admin/wellbeing/summary')).json().data.days as Array<{
      day: string;
      checkins: number | null;
      average_mood: string | null;
    }>;
    expect(days[0]).toMatchObject({ day: today, checkins: null, average_mood: null });
    expect(days[1]).toMatchObject({ checkins: AGGREGATE_MIN_PEOPLE, average_mood: '2.00' });
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
