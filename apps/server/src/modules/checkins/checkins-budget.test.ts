import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkBooks, type TestApp } from '../../test/helpers.js';
import { checkinsApp } from './checkins.fixtures.js';

type Helpers = Awaited<ReturnType<typeof checkinsApp>>;

/** The budget running out pauses rewards, never check-ins; every unit paid is one the budget held. */
describe('check-in rewards against the budget', () => {
  let t: TestApp;
  let h: Helpers;
  beforeAll(async () => {
    h = await checkinsApp();
    t = h.t;
  });
  afterAll(() => t.close());

  const rewardsAccount = async () =>
    (
      await sql<{ total: string }>`
        select coalesce(trim_scale(sum(e.amount)), 0)::text as total from ledger_entries e
        join accounts a on a.id = e.account_id where a.kind = 'rewards' and a.user_id is null`.execute(t.database.db)
    ).rows[0]!.total;

  it('counts the check-in with no reward while the budget is empty, then pays once it is funded', async () => {
    const early = await h.holder();
    const empty = await h.mustCheckIn(early, { mood: 3 });
    expect(empty).toMatchObject({ streak: 1, checkin: { mood: 3 } });
    expect(empty.reward).toEqual({ amount: null, bonus: null, reason: 'budget_empty' });
    expect(await h.boardRow(early)).toMatchObject([{ days: 1 }]);
    // An edit after the funding does not pay the day either: only its first check-in earns.
    await h.fundBudget('2.5');
    expect((await h.mustCheckIn(early, { mood: 4 })).reward).toMatchObject({ amount: null, reason: 'budget_empty' });
    expect(await h.wallx(early)).toBe('0');

    const users = await Promise.all(Array.from({ length: 4 }, () => h.holder()));
    const answers = await Promise.all(users.map((user) => h.mustCheckIn(user, { mood: 5 })));
    const reasons = answers.map((a) => a.reward.reason);
    // 2.5 pays two rewards of 1; the other two are told the budget is empty, and their check-ins count.
    expect(reasons.filter((r) => r === null)).toHaveLength(2);
    expect(reasons.filter((r) => r === 'budget_empty')).toHaveLength(2);
    expect(answers.every((a) => a.checkin.streak === 1)).toBe(true);
    expect(await h.budget()).toBe('0.5');
    expect(await rewardsAccount()).toBe('0.5');
    const paid = await Promise.all(users.map((user) => h.wallx(user)));
    expect(paid.sort()).toEqual(['0', '0', '1', '1']);
    const books = await checkBooks(t.database);
    expect(books.problems).toEqual([]);
    expect(books.totals.WALLX).toBe('0');
  });

  it('a 7th day whose reward the budget can pay but not its bonus pays the reward alone', async () => {
    const user = await h.holder();
    await h.setSettings({ streak_every: 2 });
    await h.fundBudget('1.5');
    expect((await h.mustCheckIn(user, { mood: 3 })).reward).toEqual({ amount: '1', bonus: null, reason: null });
    h.clock.nextDay();
    // 1.5 left: the reward of 1 fits, the bonus of 5 does not.
    await h.fundBudget('0.5');
    expect((await h.mustCheckIn(user, { mood: 3 })).reward).toEqual({ amount: '1', bonus: null, reason: null });
    expect(await h.budget()).toBe('0.5');
    expect((await checkBooks(t.database)).problems).toEqual([]);
  });
});
