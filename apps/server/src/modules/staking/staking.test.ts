import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, dayInZone } from '../../platform/time/days.js';
import { buildTestApp, checkBooks, type Session, type TestApp } from '../../test/helpers.js';
import { DAY_MS, PASSWORD, stakingClock, stakingHelpers } from './staking.fixtures.js';

describe('stakes', () => {
  let t: TestApp;
  const clock = stakingClock();
  const h = stakingHelpers(() => t);
  beforeAll(async () => {
    t = await buildTestApp({ now: clock.now });
  });
  afterAll(() => t.close());
  const user = (wallx = '100') => t.userWith({ wallx, fundPassword: PASSWORD });

  it('stakes and withdraws a flexible stake: the balance, the records, the pool, the books', async () => {
    const alice = await user();
    const staked = await h.mustStake(alice, '40.5');
    expect(staked).toMatchObject({
      amount: '40.5',
      term: 'flexible',
      status: 'active',
      ends_at: null,
      closed_at: null,
      earned: { wallx: '0', usdt: '0' },
      last: { day: null, wallx: '0', usdt: '0' },
      can_unstake: true,
    });
    expect(await h.wallx(alice)).toBe('59.5');
    const summary = await h.summary(alice);
    expect(summary.mine).toMatchObject({ staked: '40.5', active: 1, total: { wallx: '0', usdt: '0' } });
    expect(summary.pool.staked).toBe('40.5');
    expect(summary.settings).toEqual({
      terms: [
        { term: 'flexible', days: null, weight: '1' },
        { term: 'd30', days: 30, weight: '1.2' },
        { term: 'd90', days: 90, weight: '1.5' },
        { term: 'd180', days: 180, weight: '2' },
      ],
      min_stake: '1',
      checkin_boost: '0.2',
      aid_share: '0.1',
    });
    expect((await checkBooks(t.database)).problems).toEqual([]);

    const back = await h.unstake(alice, staked.id);
    expect(back.json().code, back.body).toBe(0);
    expect(back.json().data.stake).toMatchObject({ id: staked.id, status: 'withdrawn', can_unstake: false });
    expect(back.json().data.stake.closed_at).toBe(new Date(clock.now()).toISOString());
    expect(await h.wallx(alice)).toBe('100');
    expect(await h.entries(alice)).toEqual([
      { type: 'stake', amount: '-40.5', ref_id: staked.id },
      { type: 'unstake', amount: '40.5', ref_id: staked.id },
    ]);
    const records = (await t.injectAs(alice, 'GET /api/funds/records?asset=WALLX')).json().data.items;
    expect(records.slice(0, 2).map((r: { type: string; amount: string }) => [r.type, r.amount])).toEqual([
      ['unstake', '40.5'],
      ['stake', '-40.5'],
    ]);
    expect((await h.summary(alice)).mine).toMatchObject({ staked: '0', active: 0 });
    expect((await h.summary(alice)).pool.staked).toBe('0');
    // A second withdrawal of the same stake moves nothing.
    const again = await h.unstake(alice, staked.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 9008 });
    expect(await h.wallx(alice)).toBe('100');
    expect((await checkBooks(t.database)).problems).toEqual([]);
  });

  it.each([
    [{ amount: '-3' }, 'amount'],
    [{ amount: '0' }, 'amount'],
    [{ amount: '1.0000000000000000001' }, 'amount'],
    [{ amount: 5 }, 'amount'],
    [{ amount: undefined }, 'amount'],
    [{ term: 'd7' }, 'term'],
    [{ term: undefined }, 'term'],
    [{ fund_password: '' }, 'fund_password'],
  ])('refuses bad input %j naming %s, moving nothing', async (override, field) => {
    const bob = await user('10');
    const response = await t.injectAs(bob, 'POST /api/staking/stakes', {
      amount: '2',
      term: 'flexible',
      fund_password: PASSWORD,
      ...override,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 1001, data: { field } });
    expect(await h.wallx(bob)).toBe('10');
  });

  it('refuses a stake below the minimum, and more than the balance, before the password', async () => {
    const carol = await user('10');
    await h.setSettings({ min_stake: '5' });
    try {
      const small = await h.stake(carol, { amount: '4.99', term: 'd30', fund_password: 'wrong' });
      expect(small.statusCode).toBe(400);
      expect(small.json()).toMatchObject({ code: 9009, data: { field: 'amount' } });
      expect(small.json().message).toContain('5');
      const large = await h.stake(carol, { amount: '10.000000000000000001', term: 'd30', fund_password: 'wrong' });
      expect(large.json()).toMatchObject({ code: 3001, data: { field: 'amount' } });
      // Neither spent a try of the password's lock: the right one still works, and the minimum itself stakes.
      await h.mustStake(carol, '5', 'd30');
    } finally {
      await h.setSettings({});
    }
    expect(await h.wallx(carol)).toBe('5');
  });

  it('refuses a wrong fund password and counts the try; a frozen account cannot stake or unstake', async () => {
    const dave = await user();
    const wrong = await h.stake(dave, { amount: '1', term: 'flexible', fund_password: 'not-it' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ code: 3007, data: { field: 'fund_password', tries_left: 4 } });
    const flexible = await h.mustStake(dave, '10');
    const wrongBack = await h.unstake(dave, flexible.id, { fund_password: 'not-it' });
    expect(wrongBack.json()).toMatchObject({ code: 3007, data: { tries_left: 4 } });
    expect(await h.wallx(dave)).toBe('90');

    await sql`update users set is_frozen = true where address = ${dave.userinfo.bsc.toLowerCase()}`.execute(
      t.database.db,
    );
    const frozen = await h.stake(dave, { amount: '1', term: 'flexible' });
    expect(frozen.statusCode).toBe(403);
    expect(frozen.json().code).toBe(1005);
    const frozenBack = await h.unstake(dave, flexible.id);
    expect(frozenBack.json().code).toBe(1005);
    expect(await h.wallx(dave)).toBe('90');
    // Reading stays open.
    expect((await h.summary(dave)).mine.staked).toBe('10');
  });

  it('withdraws a term stake only once it has ended: 409 naming its end before, the WALLX back after', async () => {
    const erin = await user();
    const term = await h.mustStake(erin, '30', 'd30');
    expect(Date.parse(term.ends_at!)).toBe(clock.now() + 30 * DAY_MS);
    expect((await h.stakes(erin))[0]).toMatchObject({ id: term.id, can_unstake: false });

    clock.days(29);
    const early = await h.unstake(erin, term.id);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 9007, data: { ends_at: term.ends_at } });
    // The end as a minute in the output zone (Shanghai, UTC+8).
    const end = new Date(Date.parse(term.ends_at!) + 8 * 3_600_000).toISOString();
    expect(early.json().message).toContain(`${end.slice(0, 10)} ${end.slice(11, 16)}`);
    expect(await h.wallx(erin)).toBe('70');

    clock.ms(DAY_MS - 1);
    expect((await h.unstake(erin, term.id)).json().code).toBe(9007);
    clock.ms(1);
    expect((await h.stakes(erin))[0]).toMatchObject({ id: term.id, can_unstake: true });
    const back = await h.unstake(erin, term.id);
    expect(back.json().data.stake).toMatchObject({ status: 'withdrawn' });
    expect(await h.wallx(erin)).toBe('100');
    expect((await checkBooks(t.database)).problems).toEqual([]);
  });

  it('answers someone else’s stake as one that does not exist, and leaves it as it was', async () => {
    const owner = await user();
    const intruder = await user();
    const theirs = await h.mustStake(owner, '10');
    for (const id of [theirs.id, '999999999']) {
      const response = await h.unstake(intruder, id);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 9006 });
    }
    expect(await h.stakes(intruder)).toEqual([]);
    expect((await h.stakes(owner))[0]).toMatchObject({ id: theirs.id, status: 'active' });
    expect(await h.wallx(owner)).toBe('90');
    expect(await h.wallx(intruder)).toBe('100');
    const bad = await h.unstake(intruder, 'abc');
    expect(bad.json()).toMatchObject({ code: 1001, data: { field: 'id' } });
  });

  it('lists stakes newest first, paged by cursor; an Idempotency-Key replays a stake', async () => {
    const frank = await user();
    const headers = { 'idempotency-key': 'stake-frank-1' };
    const first = await h.stake(frank, { amount: '3', term: 'flexible' }, headers);
    const replay = await h.stake(frank, { amount: '3', term: 'flexible' }, headers);
    expect(replay.json()).toEqual(first.json());
    expect(await h.wallx(frank)).toBe('97');
    const ids = [first.json().data.stake.id];
    for (const term of ['d30', 'd90', 'd180']) ids.push((await h.mustStake(frank, '1', term)).id);
    const page1 = (await t.injectAs(frank, 'GET /api/staking/stakes?limit=3')).json().data;
    expect(page1.items.map((s: { id: string }) => s.id)).toEqual(ids.slice(1).reverse());
    const page2 = (await t.injectAs(frank, `GET /api/staking/stakes?limit=3&cursor=${page1.next_cursor}`)).json().data;
    expect(page2).toEqual({ items: [expect.objectContaining({ id: ids[0], term: 'flexible' })], next_cursor: null });
    const bad = await t.injectAs(frank, 'GET /api/staking/stakes?cursor=zzz');
    expect(bad.json()).toMatchObject({ code: 1001, data: { field: 'cursor' } });
  });

  it('shows what the stakes earned yesterday in the output zone and ever, and the pool it holds', async () => {
    const gina = await user();
    const a = await h.mustStake(gina, '10');
    const b = await h.mustStake(gina, '20', 'd90');
    const today = dayInZone(clock.now(), 'Asia/Shanghai');
    // What distributions before migration 042 wrote on each stake (later days are derived, decision 148).
    await sql`update stakes set last_day = ${addDays(today, -1)}::date, last_wallx = 1.5, last_usdt = 0.25,
      earned_wallx = 4.5, earned_usdt = 0.25 where id = ${a.id}::bigint`.execute(t.database.db);
    await sql`update stakes set last_day = ${addDays(today, -2)}::date, last_wallx = 7, earned_wallx = 7
      where id = ${b.id}::bigint`.execute(t.database.db);
    const { mine } = await h.summary(gina);
    expect(mine).toEqual({
      staked: '30',
      active: 2,
      yesterday: { day: addDays(today, -1), wallx: '1.5', usdt: '0.25' },
      total: { wallx: '11.5', usdt: '0.25' },
    });
    expect((await h.stakes(gina))[1]).toMatchObject({
      id: a.id,
      earned: { wallx: '4.5', usdt: '0.25' },
      last: { day: addDays(today, -1), wallx: '1.5', usdt: '0.25' },
    });
    const { pool } = await h.summary(gina);
    expect(pool.proceeds).toEqual({ wallx: '0', usdt: '0' });
  });

  it('catches a tampered stake in ledger:check: the stakes account must equal the active stakes', async () => {
    const hank: Session = await user();
    const staked = await h.mustStake(hank, '12');
    expect((await checkBooks(t.database)).problems).toEqual([]);
    await sql`update stakes set amount = 13 where id = ${staked.id}::bigint`.execute(t.database.db);
    expect((await checkBooks(t.database)).problems).toEqual([
      expect.objectContaining({ problem: 'stakes account differs from the active stakes' }),
    ]);
    // Closed without its WALLX going back: caught too.
    await sql`update stakes set amount = 12, status = 'withdrawn', closed_at = now() where id = ${staked.id}::bigint`.execute(
      t.database.db,
    );
    expect((await checkBooks(t.database)).problems).toHaveLength(1);
    await sql`update stakes set status = 'active', closed_at = null where id = ${staked.id}::bigint`.execute(
      t.database.db,
    );
    expect((await checkBooks(t.database)).problems).toEqual([]);
  });

  it('an active stake makes an account eligible for check-in rewards, as a working miner does', async () => {
    const ivan = await user();
    const eligible = async () =>
      (await t.injectAs(ivan, 'GET /api/checkins/today')).json().data.rewards.eligible as boolean;
    expect(await eligible()).toBe(false);
    const staked = await h.mustStake(ivan, '1');
    expect(await eligible()).toBe(true);
    expect((await h.unstake(ivan, staked.id)).json().code).toBe(0);
    expect(await eligible()).toBe(false);
  });
});
