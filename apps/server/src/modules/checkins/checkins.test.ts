import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../platform/time/days.js';
import { addProduct, checkBooks, type TestApp } from '../../test/helpers.js';
import { checkinsApp, type CheckinsClock } from './checkins.fixtures.js';

type Helpers = Awaited<ReturnType<typeof checkinsApp>>;

describe('a day’s check-in', () => {
  let t: TestApp;
  let clock: CheckinsClock;
  let h: Helpers;
  beforeAll(async () => {
    h = await checkinsApp();
    ({ t, clock } = h);
    await h.fundBudget('1000');
  });
  afterAll(() => t.close());

  it('counts one check-in a day in the output zone: 23:30 UTC is already tomorrow in Shanghai; edits until the day ends', async () => {
    const user = await h.holder();
    const day = clock.firstDay;
    const before = (await t.injectAs(user, 'GET /api/checkins/today')).json().data;
    expect(before).toEqual({
      day,
      ends_at: `${day}T16:00:00.000Z`,
      checkin: null,
      streak: 0,
      reward: null,
      rewards: { checkin: '1', streak_bonus: '5', streak_every: 7, eligible: true },
      support: false,
    });

    const first = await h.mustCheckIn(user, { mood: 4, feelings: ['calm', 'grateful'], note: '  a quiet morning  ' });
    expect(first).toMatchObject({
      day,
      checkin: { day, mood: 4, feelings: ['calm', 'grateful'], note: 'a quiet morning', streak: 1 },
      streak: 1,
      reward: { amount: '1', bonus: null, reason: null },
    });
    expect(await h.wallx(user)).toBe('1');
    expect((await t.injectAs(user, 'GET /api/checkins/today')).json().data).toEqual(first);

    // 15:59 UTC the next UTC day is still the same day in Shanghai: an edit, paid nothing more.
    clock.set(`${day}T15:59:00Z`);
    const edited = await h.mustCheckIn(user, { mood: 2, feelings: [], note: null });
    expect(edited).toMatchObject({
      day,
      checkin: { mood: 2, feelings: [], note: null, streak: 1, created_at: first.checkin.created_at },
      reward: { amount: '1', bonus: null, reason: 'already_rewarded' },
    });
    expect(edited.checkin.updated_at).not.toBe(first.checkin.created_at);
    expect(await h.wallx(user)).toBe('1');
    expect(await h.boardRow(user)).toMatchObject([{ days: 1, streak: 1 }]);

    // 16:00 UTC is Shanghai's midnight: a new day, a new row, the streak goes on.
    clock.set(`${day}T16:00:00Z`);
    const next = await h.mustCheckIn(user, { mood: 5 });
    expect(next).toMatchObject({
      day: addDays(day, 1),
      ends_at: `${addDays(day, 1)}T16:00:00.000Z`,
      checkin: { day: addDays(day, 1), mood: 5, feelings: [], note: null, streak: 2 },
      streak: 2,
      reward: { amount: '1', bonus: null, reason: null },
    });
    expect(await h.wallx(user)).toBe('2');
    const { rows } = await sql<{ day: string; mood: number }>`
      select c.day::text as day, c.mood from checkins c join users u on u.id = c.user_id
      where u.address = ${user.userinfo.bsc.toLowerCase()} order by c.day`.execute(t.database.db);
    expect(rows).toEqual([
      { day, mood: 2 },
      { day: addDays(day, 1), mood: 5 },
    ]);
    expect(await h.rewardEntries(user)).toEqual([
      { type: 'checkin_reward', amount: '1', ref_id: expect.stringMatching(new RegExp(`:${day}$`)) },
      { type: 'checkin_reward', amount: '1', ref_id: expect.stringMatching(new RegExp(`:${addDays(day, 1)}$`)) },
    ]);
    expect((await checkBooks(t.database)).problems).toEqual([]);
  });

  it('resets the streak after a missed day, and the board counts days of the week', async () => {
    clock.set(`${clock.firstDay}T01:00:00Z`);
    const user = await h.holder();
    expect((await h.mustCheckIn(user, { mood: 3 })).streak).toBe(1);
    clock.nextDay();
    expect((await h.mustCheckIn(user, { mood: 3 })).streak).toBe(2);
    clock.nextDay();
    clock.nextDay();
    // Before today's check-in the streak is yesterday's: none, yesterday was missed.
    expect((await t.injectAs(user, 'GET /api/checkins/today')).json().data.streak).toBe(0);
    const again = await h.mustCheckIn(user, { mood: 3 });
    expect(again).toMatchObject({ streak: 1, checkin: { streak: 1 } });
    const board = await h.boardRow(user);
    expect(board.reduce((days, row) => days + row.days, 0)).toBe(3);
    expect(board.at(-1)!.streak).toBe(1);
  });

  it('pays the streak bonus on each 7th day in a row, and only then', async () => {
    clock.set(`${addDays(clock.firstDay, 10)}T02:00:00Z`);
    const user = await h.holder();
    const answers = [];
    for (let i = 0; i < 8; i++) {
      answers.push(await h.mustCheckIn(user, { mood: 4 }));
      clock.nextDay();
    }
    expect(answers.map((a) => [a.streak, a.reward.amount, a.reward.bonus])).toEqual([
      [1, '1', null],
      [2, '1', null],
      [3, '1', null],
      [4, '1', null],
      [5, '1', null],
      [6, '1', null],
      [7, '1', '5'],
      [8, '1', null],
    ]);
    expect(await h.wallx(user)).toBe('13');
    expect((await h.rewardEntries(user)).filter((e) => e.type === 'streak_bonus')).toEqual([
      { type: 'streak_bonus', amount: '5', ref_id: expect.stringMatching(new RegExp(`:${answers[6].day}$`)) },
    ]);
    expect((await checkBooks(t.database)).problems).toEqual([]);
  });

  it('pays nothing to an account without a working miner: none, one off, one expired', async () => {
    clock.set(`${addDays(clock.firstDay, 30)}T02:00:00Z`);
    const none = await t.userWith();
    expect((await t.injectAs(none, 'GET /api/checkins/today')).json().data.rewards.eligible).toBe(false);
    expect((await h.mustCheckIn(none, { mood: 3 })).reward).toEqual({
      amount: null,
      bonus: null,
      reason: 'not_eligible',
    });

    // A miner bought and placed, never turned on, produces nothing: it does not count.
    const placed = await t.userWith({ usdt: '100' });
    const product = await addProduct(t.database, { price_usdt: '10' });
    const bought = await t.injectAs(placed, 'POST /api/miners/buy', {
      product_id: product,
      pay_asset: 'USDT',
      quantity: 1,
    });
    await t.injectAs(placed, `POST /api/miners/orders/${bought.json().data.orders[0].id}/use`);
    expect((await t.injectAs(placed, 'GET /api/miners/mine')).json().data.items).toMatchObject([{ state: 'off' }]);
    expect((await h.mustCheckIn(placed, { mood: 3 })).reward).toMatchObject({ reason: 'not_eligible' });

    const holder = await h.holder();
    const miner = (await t.injectAs(holder, 'GET /api/miners/mine')).json().data.items[0];
    // Its last day passed; the daily job has not marked it expired yet.
    await sql`update miners set first_output_day = ${addDays(clock.firstDay, 20)}::date,
      last_output_day = ${addDays(clock.firstDay, 29)}::date where id = ${miner.id}`.execute(t.database.db);
    expect((await h.mustCheckIn(holder, { mood: 3 })).reward).toMatchObject({ reason: 'not_eligible' });
    expect(await h.wallx(holder)).toBe('0');
    // The edit after a day that earned nothing keeps the reason.
    expect((await h.mustCheckIn(holder, { mood: 4 })).reward).toMatchObject({ amount: null, reason: 'not_eligible' });
    // A setting lets every account earn.
    await h.setSettings({ require_holding: false });
    clock.nextDay();
    expect((await h.mustCheckIn(none, { mood: 3 })).reward).toEqual({ amount: '1', bonus: null, reason: null });
    await h.setSettings({ require_holding: true });
  });

  it('says rewards are off when operators set them to zero, and pays a bonus alone when only it is set', async () => {
    clock.set(`${addDays(clock.firstDay, 40)}T02:00:00Z`);
    const user = await h.holder();
    await h.setSettings({ checkin_reward: '0', streak_bonus: '0' });
    const off = await h.mustCheckIn(user, { mood: 3 });
    expect(off.reward).toEqual({ amount: null, bonus: null, reason: 'rewards_off' });
    expect(off.rewards).toMatchObject({ checkin: '0', streak_bonus: '0' });
    await h.setSettings({ checkin_reward: '0', streak_bonus: '2.50', streak_every: 2 });
    clock.nextDay();
    expect((await h.mustCheckIn(user, { mood: 3 })).reward).toEqual({ amount: null, bonus: '2.5', reason: null });
    await h.setSettings({});
  });

  it('refuses a frozen account’s check-in and writes nothing; it may still read, export and delete', async () => {
    clock.set(`${addDays(clock.firstDay, 50)}T02:00:00Z`);
    const user = await h.holder();
    await h.mustCheckIn(user, { mood: 3, note: 'before the freeze' });
    await sql`update users set is_frozen = true where address = ${user.userinfo.bsc.toLowerCase()}`.execute(
      t.database.db,
    );
    clock.nextDay();
    const refused = await h.checkIn(user, { mood: 5 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe(1005);
    expect((await t.injectAs(user, 'GET /api/checkins/today')).json().data.checkin).toBeNull();
    expect(await h.wallx(user)).toBe('1');
    expect((await t.injectAs(user, 'GET /api/checkins/export')).json().data.checkins).toHaveLength(1);
    expect((await t.injectAs(user, 'DELETE /api/checkins')).json().data).toEqual({ deleted: 1 });
  });

  it('offers the support links after the set number of low moods in a row, never before', async () => {
    clock.set(`${addDays(clock.firstDay, 60)}T02:00:00Z`);
    const user = await t.userWith();
    expect((await h.mustCheckIn(user, { mood: 1 })).support).toBe(false);
    clock.nextDay();
    expect((await h.mustCheckIn(user, { mood: 2 })).support).toBe(false);
    clock.nextDay();
    expect((await h.mustCheckIn(user, { mood: 2 })).support).toBe(true);
    // A better mood today: the offer goes.
    expect((await h.mustCheckIn(user, { mood: 4 })).support).toBe(false);
    clock.nextDay();
    clock.nextDay();
    expect((await h.mustCheckIn(user, { mood: 1 })).support).toBe(false);
  });

  it('refuses a bad entry naming the field, writing nothing; never a 500', async () => {
    const user = await t.userWith();
    for (const [body, field] of [
      [{ mood: 0 }, 'mood'],
      [{ mood: 6 }, 'mood'],
      [{ mood: 2.5 }, 'mood'],
      [{ mood: '3' }, 'mood'],
      [{}, 'mood'],
      [{ mood: 3, feelings: ['calm', 'tired', 'sad', 'angry'] }, 'feelings'],
      [{ mood: 3, feelings: ['calm', 'calm'] }, 'feelings'],
      [{ mood: 3, feelings: ['bored'] }, 'feelings'],
      [{ mood: 3, feelings: 'calm' }, 'feelings'],
      [{ mood: 3, note: 'n'.repeat(501) }, 'note'],
      [{ mood: 3, note: 42 }, 'note'],
    ] as const) {
      const response = await h.checkIn(user, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json(), JSON.stringify(body)).toMatchObject({
        code: 1001,
        data: { field: expect.stringMatching(new RegExp(`^${field}`)) },
      });
    }
    // 500 characters are allowed; the note is counted after trimming.
    expect((await h.checkIn(user, { mood: 3, note: ` ${'n'.repeat(500)} ` })).json().code).toBe(0);
    for (const query of ['days=14', 'days=abc', 'days=-7']) {
      const response = await t.injectAs(user, `GET /api/checkins/trends?${query}`);
      expect(response.json(), query).toMatchObject({ code: 1001, data: { field: 'days' } });
    }
    for (const query of ['month=2026-13', 'month=2026-1', 'month=abcdefgh']) {
      const response = await t.injectAs(user, `GET /api/checkins/calendar?${query}`);
      expect(response.json(), query).toMatchObject({ code: 1001, data: { field: 'month' } });
    }
    expect((await t.injectAs(user, 'GET /api/support-lines?country=USA')).json()).toMatchObject({
      code: 1001,
      data: { field: 'country' },
    });
  });

  it('answers only a signed-in user', async () => {
    for (const [method, url] of [
      ['GET', '/api/checkins/today'],
      ['PUT', '/api/checkins/today'],
      ['GET', '/api/checkins/trends'],
      ['GET', '/api/checkins/calendar'],
      ['GET', '/api/checkins/export'],
      ['DELETE', '/api/checkins'],
      ['GET', '/api/support-lines'],
    ] as const) {
      const response = await t.app.inject({ method, url, ...(method === 'PUT' ? { payload: { mood: 3 } } : {}) });
      expect(response.statusCode, url).toBe(401);
    }
  });
});
