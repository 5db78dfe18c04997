import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../platform/time/days.js';
import { checkBooks, operatorLogin, type Session, type TestApp } from '../../test/helpers.js';
import { checkinsApp, type CheckinsClock } from './checkins.fixtures.js';
import { averageOf } from './history.js';

type Helpers = Awaited<ReturnType<typeof checkinsApp>>;

describe('the mood history: trends, calendar, export, delete', () => {
  let t: TestApp;
  let clock: CheckinsClock;
  let h: Helpers;
  beforeAll(async () => {
    h = await checkinsApp();
    ({ t, clock } = h);
    await h.fundBudget('1000');
  });
  afterAll(() => t.close());

  const get = async (who: Session, url: `/${string}`) => {
    const response = await t.injectAs(who, `GET ${url}`);
    expect(response.json().code, response.body).toBe(0);
    return response.json().data;
  };

  it('answers empty trends and calendar that still make sense', async () => {
    const user = await t.userWith();
    const today = clock.firstDay;
    const trends = await get(user, '/api/checkins/trends?days=7');
    expect(trends).toEqual({
      days: 7,
      from: addDays(today, -6),
      to: today,
      points: Array.from({ length: 7 }, (_, i) => ({ day: addDays(today, i - 6), mood: null })),
      average: null,
      checked_in: 0,
      streak: 0,
      longest_streak: 0,
      top_feelings: [],
    });
    // 30 days when none is asked.
    expect((await get(user, '/api/checkins/trends')).points).toHaveLength(30);
    expect((await get(user, '/api/checkins/trends?days=90')).points).toHaveLength(90);
    expect(await get(user, '/api/checkins/calendar')).toEqual({ month: today.slice(0, 7), days: [] });
  });

  it('answers one entry, and gaps as nulls, with the average, streaks and the feelings named most', async () => {
    const user = await t.userWith();
    const start = clock.now();
    const first = clock.firstDay;
    await h.mustCheckIn(user, { mood: 4, feelings: ['calm', 'grateful', 'tired'] });
    const one = await get(user, '/api/checkins/trends?days=7');
    expect(one).toMatchObject({ average: '4.0', checked_in: 1, streak: 1, longest_streak: 1 });
    expect(one.points.at(-1)).toEqual({ day: first, mood: 4 });
    expect(one.points.filter((p: { mood: number | null }) => p.mood !== null)).toHaveLength(1);
    expect(one.top_feelings).toEqual([
      { feeling: 'calm', count: 1 },
      { feeling: 'grateful', count: 1 },
      { feeling: 'tired', count: 1 },
    ]);

    // Days 1–3 in a row, day 4 missed, days 5–6: moods 4, 2, 5, –, 1, 3.
    for (const [mood, feelings] of [
      [2, ['tired', 'anxious']],
      [5, ['tired', 'happy']],
      [null, []],
      [1, ['sad', 'lonely', 'tired']],
      [3, ['anxious', 'calm']],
    ] as const) {
      clock.nextDay();
      if (mood !== null) await h.mustCheckIn(user, { mood, feelings: [...feelings] });
    }
    const today = addDays(first, 5);
    const trends = await get(user, '/api/checkins/trends?days=7');
    expect(trends.to).toBe(today);
    expect(trends.points).toEqual([
      { day: addDays(first, -1), mood: null },
      { day: first, mood: 4 },
      { day: addDays(first, 1), mood: 2 },
      { day: addDays(first, 2), mood: 5 },
      { day: addDays(first, 3), mood: null },
      { day: addDays(first, 4), mood: 1 },
      { day: addDays(first, 5), mood: 3 },
    ]);
    // (4 + 2 + 5 + 1 + 3) / 5 = 3.0
    expect(trends).toMatchObject({ average: '3.0', checked_in: 5, streak: 2, longest_streak: 3 });
    expect(trends.top_feelings).toEqual([
      { feeling: 'tired', count: 4 },
      { feeling: 'calm', count: 2 },
      { feeling: 'anxious', count: 2 },
      // Ties in the list's order: grateful, happy, then sad and lonely (left out: five at most).
      { feeling: 'grateful', count: 1 },
      { feeling: 'happy', count: 1 },
    ]);

    const month = first.slice(0, 7);
    const calendar = await get(user, `/api/checkins/calendar?month=${month}`);
    expect(calendar.month).toBe(month);
    expect(calendar.days.every((d: { day: string }) => d.day.startsWith(month))).toBe(true);
    expect(calendar.days).toEqual(
      [
        { day: first, mood: 4 },
        { day: addDays(first, 1), mood: 2 },
        { day: addDays(first, 2), mood: 5 },
        { day: addDays(first, 4), mood: 1 },
        { day: addDays(first, 5), mood: 3 },
      ].filter((d) => d.day.startsWith(month)),
    );
    expect(await get(user, '/api/checkins/calendar?month=1999-02')).toEqual({ month: '1999-02', days: [] });
    clock.set(new Date(start).toISOString());
  });

  it('averages with one decimal, rounded half up, without floats', () => {
    expect(averageOf([])).toBeNull();
    expect(averageOf([5])).toBe('5.0');
    expect(averageOf([1, 2])).toBe('1.5');
    expect(averageOf([1, 1, 2])).toBe('1.3');
    expect(averageOf([1, 2, 2])).toBe('1.7');
    expect(averageOf([3, 3, 3, 4, 4, 4, 4, 4])).toBe('3.6');
  });

  it('exports everything of the user as JSON: check-ins with notes, rewards from the books, the board profile', async () => {
    const user = await h.holder();
    await h.mustCheckIn(user, { mood: 2, feelings: ['stressed'], note: 'my own words' });
    await sql`insert into leaderboard_profiles (user_id, nickname) select id, 'Sunny' from users where address = ${user.userinfo.bsc.toLowerCase()}`.execute(
      t.database.db,
    );
    const exported = await get(user, '/api/checkins/export');
    expect(exported).toEqual({
      exported_at: new Date(clock.now()).toISOString(),
      address: user.userinfo.bsc.toLowerCase(),
      checkins: [
        {
          day: clock.firstDay,
          mood: 2,
          feelings: ['stressed'],
          note: 'my own words',
          streak: 1,
          created_at: expect.any(String),
          updated_at: expect.any(String),
        },
      ],
      rewards: [{ day: clock.firstDay, type: 'checkin_reward', amount: '1', at: expect.any(String) }],
      leaderboard: { nickname: 'Sunny', on_board: true },
    });
    // Another user's export holds none of it.
    const other = await t.userWith();
    const theirs = await get(other, '/api/checkins/export');
    expect(theirs).toMatchObject({ checkins: [], rewards: [], leaderboard: { nickname: null, on_board: true } });
    expect(JSON.stringify(theirs)).not.toContain('my own words');
  });

  it('deletes the mood history; the books keep what was paid, and checking in again that day pays nothing more', async () => {
    const user = await h.holder();
    await h.mustCheckIn(user, { mood: 1, feelings: ['lonely'], note: 'to forget' });
    expect(await h.wallx(user)).toBe('1');
    const deleted = await t.injectAs(user, 'DELETE /api/checkins');
    expect(deleted.json()).toMatchObject({ code: 0, data: { deleted: 1 } });
    expect((await get(user, '/api/checkins/today')).checkin).toBeNull();
    const exported = await get(user, '/api/checkins/export');
    expect(exported.checkins).toEqual([]);
    expect(exported.rewards).toHaveLength(1);
    expect(JSON.stringify(exported)).not.toContain('to forget');
    const { rows } = await sql<{
      n: string;
    }>`select count(*)::text as n from checkins c join users u on u.id = c.user_id
      where u.address = ${user.userinfo.bsc.toLowerCase()}`.execute(t.database.db);
    expect(rows[0]!.n).toBe('0');

    // The same day again: the check-in counts, the reward was paid already, the board keeps its one day.
    const again = await h.mustCheckIn(user, { mood: 3 });
    expect(again.reward).toEqual({ amount: '1', bonus: null, reason: 'already_rewarded' });
    expect((await get(user, '/api/checkins/today')).reward).toEqual({ amount: '1', bonus: null, reason: null });
    expect(await h.wallx(user)).toBe('1');
    expect(await h.rewardEntries(user)).toHaveLength(1);
    expect(await h.boardRow(user)).toMatchObject([{ days: 1 }]);
    // Nothing to delete is no error.
    await t.injectAs(user, 'DELETE /api/checkins');
    expect((await t.injectAs(user, 'DELETE /api/checkins')).json()).toMatchObject({ code: 0, data: { deleted: 0 } });

    // The next day earns as any day does.
    clock.nextDay();
    expect((await h.mustCheckIn(user, { mood: 3 })).reward).toEqual({ amount: '1', bonus: null, reason: null });
    expect((await checkBooks(t.database)).problems).toEqual([]);
  });

  it('answers the crisis line of the user’s country, else the default one', async () => {
    const user = await t.userWith();
    await sql`insert into support_lines (country, name, phone, url) values ('JP', 'Inochi no Denwa', '0570-783-556', null)`.execute(
      t.database.db,
    );
    expect(await get(user, '/api/support-lines?country=jp')).toEqual({
      country: 'JP',
      name: 'Inochi no Denwa',
      phone: '0570-783-556',
      url: null,
    });
    const fallback = { country: 'default', name: 'Find a Helpline', phone: null, url: 'https://findahelpline.com' };
    expect(await get(user, '/api/support-lines?country=FR')).toEqual(fallback);
    expect(await get(user, '/api/support-lines')).toEqual(fallback);
  });

  it('shows no one another user’s entries, and an operator’s session reads none', async () => {
    const alice = await t.userWith();
    const bob = await t.userWith();
    await h.mustCheckIn(alice, { mood: 1, feelings: ['sad'], note: 'alice private 9f3a' });
    for (const url of [
      '/api/checkins/today',
      '/api/checkins/trends?days=90',
      '/api/checkins/calendar',
      '/api/checkins/export',
    ] as const) {
      const body = JSON.stringify(await get(bob, url));
      expect(body, url).not.toContain('alice private 9f3a');
      expect(body, url).not.toContain('"mood":1');
    }
    const admin = await operatorLogin(t.app, 'admin');
    for (const url of ['/api/checkins/today', '/api/checkins/export', '/api/checkins/trends']) {
      const response = await t.app.inject({ method: 'GET', url, headers: admin });
      expect(response.statusCode, url).toBe(401);
      expect(response.body).not.toContain('alice private 9f3a');
    }
  });
});
