import crypto from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { minus } from '@wallx/shared';
import { buildTestApp, checkBooks, testConfig, type TestApp } from '../../test/helpers.js';
import { checkinsApp } from './checkins.fixtures.js';

type Helpers = Awaited<ReturnType<typeof checkinsApp>>;

/** A double tap, retries and many tabs of one account: one check-in counted, one reward paid. */
describe('racing check-ins of one account', () => {
  let t: TestApp;
  let h: Helpers;
  beforeAll(async () => {
    h = await checkinsApp();
    t = h.t;
    await h.fundBudget('100');
  });
  afterAll(() => t.close());

  const rowsOf = async (address: string) =>
    (
      await sql<{ n: string }>`select count(*)::text as n from checkins c join users u on u.id = c.user_id
        where u.address = ${address.toLowerCase()}`.execute(t.database.db)
    ).rows[0]!.n;

  it('20 PUTs at once, with and without Idempotency-Key: one row, one reward, one day on the board, books clean', async () => {
    const user = await h.holder();
    const budgetBefore = await h.budget();
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        h.checkIn(
          user,
          { mood: (i % 5) + 1, feelings: ['calm'] },
          i % 2 ? { 'idempotency-key': crypto.randomUUID() } : {},
        ),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const rewards = responses.map((r) => r.json().data.reward);
    expect(rewards.filter((r) => r.reason === null)).toEqual([{ amount: '1', bonus: null, reason: null }]);
    expect(rewards.filter((r) => r.reason === 'already_rewarded')).toHaveLength(19);
    expect(await rowsOf(user.userinfo.bsc)).toBe('1');
    expect(await h.wallx(user)).toBe('1');
    expect(await h.rewardEntries(user)).toHaveLength(1);
    expect(await h.budget()).toBe(minus(budgetBefore, '1'));
    expect(await h.boardRow(user)).toMatchObject([{ days: 1, streak: 1 }]);
    const books = await checkBooks(t.database);
    expect(books.problems).toEqual([]);
  });

  it('a retry with the same Idempotency-Key gets the first answer again; the key with another entry is a 409', async () => {
    const user = await h.holder();
    const key = crypto.randomUUID();
    const [a, b, c] = await Promise.all([
      h.checkIn(user, { mood: 4 }, { 'idempotency-key': key }),
      h.checkIn(user, { mood: 4 }, { 'idempotency-key': key }),
      h.checkIn(user, { mood: 4 }, { 'idempotency-key': key }),
    ]);
    expect(a.json().data).toEqual(b.json().data);
    expect(a.json().data).toEqual(c.json().data);
    expect(a.json().data.reward).toEqual({ amount: '1', bonus: null, reason: null });
    const other = await h.checkIn(user, { mood: 1 }, { 'idempotency-key': key });
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe(1007);
    expect((await t.injectAs(user, 'GET /api/checkins/today')).json().data.checkin.mood).toBe(4);
    expect(await h.wallx(user)).toBe('1');
    const bad = await h.checkIn(user, { mood: 4 }, { 'idempotency-key': 'not a key!' });
    expect(bad.json()).toMatchObject({ code: 1001, data: { field: 'idempotency-key' } });
  });

  it('racing a delete of the history: the day is never paid twice', async () => {
    const user = await h.holder();
    await h.mustCheckIn(user, { mood: 3 });
    const raced = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        i % 2 ? t.injectAs(user, 'DELETE /api/checkins') : h.checkIn(user, { mood: 2, feelings: ['tired'] }),
      ),
    );
    expect(raced.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    for (const response of raced.filter((_, i) => i % 2 === 0))
      expect(response.json().data.reward).toMatchObject({ amount: '1', reason: 'already_rewarded' });
    expect(await h.wallx(user)).toBe('1');
    expect(await h.rewardEntries(user)).toHaveLength(1);
    expect(await h.boardRow(user)).toMatchObject([{ days: 1 }]);
    expect((await checkBooks(t.database)).problems).toEqual([]);
  });
});

describe('the check-in writes’ rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ config: { rateLimit: { ...testConfig.rateLimit, checkinsPerMinute: 3 } } });
  });
  afterAll(() => t.close());

  it('refuses a user’s fourth write in a minute with 429 and Retry-After; another user is not held back', async () => {
    const [user, other] = [await t.userWith(), await t.userWith()];
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await t.injectAs(user, 'PUT /api/checkins/today', { mood: 3 }));
    expect(answers.map((r) => r.json().code)).toEqual([0, 0, 0]);
    const limited = await t.injectAs(user, 'DELETE /api/checkins');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toMatch(/^\d+$/);
    // Reads are not limited; the row written stays.
    expect((await t.injectAs(user, 'GET /api/checkins/today')).json().data.checkin.mood).toBe(3);
    expect((await t.injectAs(other, 'PUT /api/checkins/today', { mood: 4 })).json().code).toBe(0);
  });
});
