import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { minus, shortAddress } from '@wallx/shared';
import { buildTestApp, checkBooks, type Session, type TestApp } from '../../test/helpers.js';

describe('the aid fund: public page and donations', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const donate = (who: Session, body: object, headers: Record<string, string> = {}) =>
    t.injectAs(who, 'POST /api/aid-fund/donations', { fund_password: 'pass-123', ...body }, headers);
  const guest = async (url: string) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    return response.json().data;
  };
  const fundOf = async (asset: string) =>
    (await guest('/api/aid-fund')).assets.find((a: { asset: string }) => a.asset === asset);
  const balanceOf = async (who: Session) => (await t.injectAs(who, 'GET /api/user/info')).json().data.balance;

  it('a donation leaves the donor, enters the fund, and shows on the public page, anonymous by default', async () => {
    const before = await fundOf('WALLX');
    const alice = await t.userWith({ wallx: '100', fundPassword: 'pass-123' });
    const response = await donate(alice, { asset: 'WALLX', amount: '12.5' });
    expect(response.json()).toMatchObject({
      code: 0,
      data: { donation: { asset: 'WALLX', amount: '12.5', donor: null, shown: false } },
    });
    expect((await balanceOf(alice)).wallx).toBe('87.5');
    const after = await fundOf('WALLX');
    expect(minus(after.balance, before.balance)).toBe('12.5');
    expect(minus(after.donations, before.donations)).toBe('12.5');
    const [latest] = (await guest('/api/aid-fund/donations')).items;
    expect(latest).toEqual({
      id: response.json().data.donation.id,
      asset: 'WALLX',
      amount: '12.5',
      donor: null,
      created_at: expect.any(String),
    });
    const records = (await t.injectAs(alice, 'GET /api/funds/records?type=donation')).json().data.items;
    expect(records).toMatchObject([{ type: 'donation', asset: 'WALLX', amount: '-12.5' }]);
    expect((await checkBooks(t.database)).problems).toEqual([]);
  });

  it('a donor who asks to be shown appears by a short address, never an id or the full address', async () => {
    const bob = await t.userWith({ usdt: '10', fundPassword: 'pass-123' });
    const response = await donate(bob, { asset: 'USDT', amount: '0.000000000000000001', show_me: true });
    expect(response.json().data.donation).toMatchObject({ donor: shortAddress(bob.userinfo.bsc), shown: true });
    const page = await guest('/api/aid-fund/donations?limit=1');
    expect(page.items[0]).toMatchObject({ amount: '0.000000000000000001', donor: shortAddress(bob.userinfo.bsc) });
    expect(JSON.stringify(page)).not.toContain(bob.userinfo.bsc.slice(2));
  });

  it('a guest reads the fund, its donations, its grants and its partners', async () => {
    const fund = await guest('/api/aid-fund');
    expect(fund.assets.map((a: { asset: string }) => a.asset)).toEqual(['USDT', 'WALLX']);
    expect(fund.partners).toEqual(expect.any(Array));
    expect(await guest('/api/aid-fund/grants')).toEqual({ items: [], next_cursor: null });
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/aid-fund/donations',
      payload: { asset: 'WALLX', amount: '1', fund_password: 'pass-123' },
    });
    expect(refused.statusCode).toBe(401);
  });

  it.each([
    [{ asset: 'WALLX', amount: '0' }, 'amount'],
    [{ asset: 'WALLX', amount: '-1' }, 'amount'],
    [{ asset: 'WALLX', amount: '1.0000000000000000001' }, 'amount'],
    [{ asset: 'WALLX', amount: 1 }, 'amount'],
    [{ asset: 'BNB', amount: '1' }, 'asset'],
    [{ asset: 'WALLX', amount: '1', show_me: 'yes' }, 'show_me'],
    [{ asset: 'WALLX', amount: '1', fund_password: '' }, 'fund_password'],
  ])('refuses bad input %j naming %s', async (body, field) => {
    const carol = await t.userWith({ wallx: '5', fundPassword: 'pass-123' });
    const response = await donate(carol, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 1001, data: { field } });
    expect((await balanceOf(carol)).wallx).toBe('5');
  });

  it('refuses a wrong fund password, a balance too small and a frozen account; nothing moves', async () => {
    const dave = await t.userWith({ wallx: '5', fundPassword: 'pass-123' });
    expect((await donate(dave, { asset: 'WALLX', amount: '1', fund_password: 'wrong-1' })).json()).toMatchObject({
      code: 3007,
    });
    expect((await donate(dave, { asset: 'WALLX', amount: '6' })).json()).toMatchObject({
      code: 3001,
      data: { field: 'amount' },
    });
    expect((await donate(dave, { asset: 'USDT', amount: '1' })).json()).toMatchObject({ code: 3002 });
    await t.database.db
      .updateTable('users')
      .set({ is_frozen: true })
      .where('address', '=', dave.userinfo.bsc)
      .execute();
    const frozen = await donate(dave, { asset: 'WALLX', amount: '1' });
    expect(frozen.statusCode).toBe(403);
    expect(frozen.json().message).toMatch(/frozen/i);
    expect((await balanceOf(dave)).wallx).toBe('5');
  });

  it('an Idempotency-Key donates once however often it is sent', async () => {
    const erin = await t.userWith({ wallx: '10', fundPassword: 'pass-123' });
    const key = { 'idempotency-key': crypto.randomUUID() };
    const answers = await Promise.all([1, 2, 3].map(() => donate(erin, { asset: 'WALLX', amount: '4' }, key)));
    const ids = new Set(answers.filter((a) => a.statusCode === 200).map((a) => a.json().data.donation.id));
    expect(ids.size).toBe(1);
    expect((await balanceOf(erin)).wallx).toBe('6');
  });

  it('donations racing past the balance (no Idempotency-Key) never overdraw: the books hold', async () => {
    const frank = await t.userWith({ wallx: '10', fundPassword: 'pass-123' });
    const before = await fundOf('WALLX');
    const answers = await Promise.all(Array.from({ length: 8 }, () => donate(frank, { asset: 'WALLX', amount: '3' })));
    const codes = answers.map((a) => a.json().code).sort();
    expect(codes.filter((c) => c === 0)).toHaveLength(3);
    expect(codes.filter((c) => c !== 0 && c !== 3001)).toEqual([]);
    expect((await balanceOf(frank)).wallx).toBe('1');
    const after = await fundOf('WALLX');
    expect(minus(after.balance, before.balance)).toBe('9');
    const donated = await t.database.db
      .selectFrom('aid_donations as d')
      .innerJoin('users as u', 'u.id', 'd.user_id')
      .select('d.amount')
      .where('u.address', '=', frank.userinfo.bsc)
      .execute();
    expect(donated).toHaveLength(3);
    expect((await checkBooks(t.database)).problems).toEqual([]);
  });
});
