import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeasedRun } from '../../platform/db/lease.js';
import {
  addProduct,
  buildTestApp,
  checkBooks,
  credit,
  login,
  operatorLogin,
  type Session,
  type TestApp,
} from '../../test/helpers.js';
import { budgetOf, fundRewards, putEntry, setRewardSettings, userIdOf, wallxOf } from './leaderboard.fixtures.js';

// Wednesday 25 November 2026 in Shanghai (the test zone): this week is Monday the 23rd.
const WEDNESDAY = Date.parse('2026-11-25T04:00:00Z');

describe('the weekly close', () => {
  let t: TestApp;
  let clock = WEDNESDAY;
  beforeAll(async () => {
    t = await buildTestApp({ now: () => clock });
    await fundRewards(t.database, '1000');
  });
  afterAll(() => t.close());

  const close = () => t.app.leaderboardClose.closeDue();
  /** `count` users on a week's board, best first. */
  async function boardOf(week: string, count: number): Promise<Session[]> {
    const users: Session[] = [];
    for (let i = 0; i < count; i++) {
      const user = await login(t.app);
      await putEntry(t.database, user, { week, days: 7 - i, streak: 7 - i, reachedAt: `${week}T10:00:00Z` });
      users.push(user);
    }
    return users;
  }
  const prizesOf = async (week: string) =>
    (
      await sql<{ rank: number; user_id: string; amount: string; paid: boolean; skip_reason: string | null }>`
        select rank, user_id::text as user_id, trim_scale(amount)::text as amount, transaction_id is not null as paid, skip_reason
        from leaderboard_prizes where week = ${week}::date order by rank`.execute(t.database.db)
    ).rows;
  const prizePostings = async (week: string) =>
    (
      await sql<{ n: number }>`select count(distinct transaction_id)::int as n from ledger_entries
        where type = 'leaderboard_prize' and ref_type = 'leaderboard_week' and ref_id = ${week}`.execute(t.database.db)
    ).rows[0]!.n;

  it('pays the top places of an ended week once, tells them, and shows the week closed; a second run pays nothing', async () => {
    await setRewardSettings(t.database, { require_holding: false });
    const week = '2026-11-16';
    const users = await boardOf(week, 6);
    const current = await boardOf('2026-11-23', 1);
    const budget = await budgetOf(t.database);

    const first = await close();
    expect(first.closed).toEqual([{ week, paid: 5, skipped: 0, paid_total: '120' }]);
    expect(await prizesOf(week)).toEqual(
      ['50', '30', '20', '10', '10'].map((amount, i) => ({
        rank: i + 1,
        user_id: expect.any(String),
        amount,
        paid: true,
        skip_reason: null,
      })),
    );
    expect(await Promise.all(users.map((u) => wallxOf(t.database, u)))).toEqual(['50', '30', '20', '10', '10', '0']);
    expect(await budgetOf(t.database)).toBe(String(Number(budget) - 120));

    // The prize is its winner's notice: the balance event of the credit, unread.
    const [notice] = (await t.injectAs(users[0]!, 'GET /api/notices')).json().data.items;
    expect(notice).toMatchObject({
      type: 'balance',
      read: false,
      payload: { asset: 'WALLX', balance: '50', credit: { type: 'leaderboard_prize', amount: '50' } },
    });
    expect((await t.injectAs(users[5]!, 'GET /api/notices')).json().data.items).toEqual([]);

    // The closed week shows what was paid, to whom; this week is still open.
    const board = (await t.injectAs(users[1]!, `GET /api/leaderboard?week=${week}`)).json().data;
    expect(board).toMatchObject({ closed: true, prizes: ['50', '30', '20', '10', '10'], total: 6 });
    expect(board.items.map((r: { prize: string | null }) => r.prize)).toEqual(['50', '30', '20', '10', '10', null]);
    expect(board.me).toMatchObject({ rank: 2, prize: '30' });
    expect((await t.injectAs(current[0]!, 'GET /api/leaderboard')).json().data.closed).toBe(false);

    // Again: nothing more is paid, whatever the settings now say.
    await setRewardSettings(t.database, { require_holding: false, prizes: ['999'] });
    expect((await close()).closed).toEqual([]);
    expect(await prizePostings(week)).toBe(5);
    expect(await wallxOf(t.database, users[0]!)).toBe('50');
    expect((await t.injectAs(users[0]!, `GET /api/leaderboard?week=${week}`)).json().data.prizes).toEqual([
      '50',
      '30',
      '20',
      '10',
      '10',
    ]);
    expect((await checkBooks(t.database)).problems).toEqual([]);
  });

  it('closes a week only once its Sunday has ended in the zone', async () => {
    await setRewardSettings(t.database, { require_holding: false, prizes: ['5'] });
    const week = '2026-11-23';
    const [late] = await boardOf(week, 1);
    try {
      // Sunday 23:59:59 in Shanghai: still the week.
      clock = Date.parse('2026-11-29T15:59:59Z');
      expect((await close()).closed).toEqual([]);
      expect(await prizePostings(week)).toBe(0);
      // Monday 00:00 in Shanghai (16:00 UTC on Sunday): the week has ended.
      clock = Date.parse('2026-11-29T16:00:00Z');
      expect((await close()).closed).toEqual([{ week, paid: 1, skipped: 0, paid_total: '5' }]);
      const board = (await t.injectAs(late!, `GET /api/leaderboard?week=${week}`)).json().data;
      expect(board).toMatchObject({ closed: true, prizes: ['5'] });
      expect(board.items.map((r: { prize: string | null }) => r.prize)).toEqual(['5', null]);
    } finally {
      clock = WEDNESDAY;
    }
    expect((await checkBooks(t.database)).problems).toEqual([]);
  });

  it('a budget that cannot pay a place skips it (budget_empty) and pays the smaller ones after it; the books stay whole', async () => {
    const week = '2026-11-09';
    await setRewardSettings(t.database, { require_holding: false, prizes: ['100000', '5', '1'] });
    const users = await boardOf(week, 3);
    const budget = await budgetOf(t.database);
    expect((await close()).closed).toEqual([{ week, paid: 2, skipped: 1, paid_total: '6' }]);
    expect((await prizesOf(week)).map((p) => [p.rank, p.amount, p.paid, p.skip_reason])).toEqual([
      [1, '100000', false, 'budget_empty'],
      [2, '5', true, null],
      [3, '1', true, null],
    ]);
    expect(await Promise.all(users.map((u) => wallxOf(t.database, u)))).toEqual(['0', '5', '1']);
    expect(await budgetOf(t.database)).toBe(String(Number(budget) - 6));
    const books = await checkBooks(t.database);
    expect(books.problems).toEqual([]);
    expect(books.ok).toBe(true);

    // The console sees why the first place was not paid; the user's board shows no prize for it.
    const viewer = await operatorLogin(t.app, 'viewer');
    const console = (await t.injectAs(viewer, `GET /api/operator/leaderboard?week=${week}`)).json().data;
    expect(console.payouts).toEqual([
      { rank: 1, user: users[0]!.userinfo.bsc.toLowerCase(), amount: '100000', paid: false, reason: 'budget_empty' },
      { rank: 2, user: users[1]!.userinfo.bsc.toLowerCase(), amount: '5', paid: true, reason: null },
      { rank: 3, user: users[2]!.userinfo.bsc.toLowerCase(), amount: '1', paid: true, reason: null },
    ]);
    expect((await t.injectAs(users[0]!, `GET /api/leaderboard?week=${week}`)).json().data.me.prize).toBeNull();
  });

  it('a place whose holder may not earn (no working miner while the setting asks for one) is skipped as not_eligible', async () => {
    const week = '2026-11-02';
    await setRewardSettings(t.database, { require_holding: true, prizes: ['7', '3'] });
    const [idle, miner] = await boardOf(week, 2);
    // The second place holds a miner, on and within its output days today.
    const productId = await addProduct(t.database, { price_usdt: '10', daily_output: '1', output_days: 30 });
    await credit(t.database, miner!.userinfo.bsc, 'USDT', '10');
    const bought = (
      await t.injectAs(miner!, 'POST /api/miners/buy', { product_id: productId, pay_asset: 'USDT', quantity: 1 })
    ).json().data;
    const placed = (await t.injectAs(miner!, `POST /api/miners/orders/${bought.orders[0].id}/use`)).json().data.miner;
    await t.injectAs(miner!, `POST /api/miners/${placed.id}/turn_on`);
    await sql`update miners set first_output_day = '2026-11-01', last_output_day = '2026-12-31' where id = ${placed.id}::bigint`.execute(
      t.database.db,
    );
    // The first place once had a miner, whose term has ended.
    await sql`insert into leaderboard_profiles (user_id, nickname) values (${await userIdOf(t.database, idle!)}::bigint, 'Idle One')`.execute(
      t.database.db,
    );

    expect((await close()).closed).toEqual([{ week, paid: 1, skipped: 1, paid_total: '3' }]);
    expect((await prizesOf(week)).map((p) => [p.rank, p.amount, p.paid, p.skip_reason])).toEqual([
      [1, '7', false, 'not_eligible'],
      [2, '3', true, null],
    ]);
    expect(await wallxOf(t.database, idle!)).toBe('0');
    expect(await wallxOf(t.database, miner!)).toBe('3');
  });

  it('a user who left the board before the close plays for no prize: the next place moves up', async () => {
    const week = '2026-10-26';
    await setRewardSettings(t.database, { require_holding: false, prizes: ['4', '2'] });
    const [gone, second, third] = await boardOf(week, 3);
    await t.injectAs(gone!, 'DELETE /api/leaderboard/profile');
    await close();
    expect((await prizesOf(week)).map((p) => [p.user_id, p.amount])).toEqual([
      [await userIdOf(t.database, second!), '4'],
      [await userIdOf(t.database, third!), '2'],
    ]);
    expect(await wallxOf(t.database, gone!)).toBe('0');
  });

  it('a run that fails part-way, after paying some places, leaves nothing behind; the next run pays the week once', async () => {
    const week = '2026-10-19';
    await setRewardSettings(t.database, { require_holding: false, prizes: ['9', '8', '7'] });
    const users = await boardOf(week, 3);
    const budget = await budgetOf(t.database);
    // As if the process died after paying the first two places: the third place's record fails.
    await sql
      .raw(
        `
      create function fail_third_prize() returns trigger language plpgsql as $$
      begin
        if new.rank = 3 then raise exception 'killed mid-way'; end if;
        return new;
      end $$;
      create trigger fail_third_prize before insert on leaderboard_prizes for each row execute function fail_third_prize();
    `,
      )
      .execute(t.database.db);
    try {
      await expect(close()).rejects.toThrow(/killed mid-way/);
    } finally {
      await sql
        .raw(`drop trigger fail_third_prize on leaderboard_prizes; drop function fail_third_prize();`)
        .execute(t.database.db);
    }
    expect(
      await t.database.db.selectFrom('leaderboard_weeks').select('week').where('week', '=', week).execute(),
    ).toEqual([]);
    expect(await prizesOf(week)).toEqual([]);
    expect(await prizePostings(week)).toBe(0);
    expect(await Promise.all(users.map((u) => wallxOf(t.database, u)))).toEqual(['0', '0', '0']);
    expect(await budgetOf(t.database)).toBe(budget);

    expect((await close()).closed).toEqual([{ week, paid: 3, skipped: 0, paid_total: '24' }]);
    expect((await close()).closed).toEqual([]);
    expect(await prizePostings(week)).toBe(3);
    expect(await Promise.all(users.map((u) => wallxOf(t.database, u)))).toEqual(['9', '8', '7']);
    expect((await checkBooks(t.database)).problems).toEqual([]);
  });

  it('two instances closing at once pay each week once: the week row is the guard', async () => {
    const week = '2026-10-12';
    await setRewardSettings(t.database, { require_holding: false, prizes: ['6', '5'] });
    const users = await boardOf(week, 2);
    const other = await buildTestApp({ database: t.database, keys: t.keys, now: () => clock });
    try {
      // Without the lease: both run the close side by side, more than once.
      const runs = await Promise.all([
        close(),
        other.app.leaderboardClose.closeDue(),
        close(),
        other.app.leaderboardClose.closeDue(),
      ]);
      expect(runs.flatMap((run) => run.closed).map((c) => c.week)).toEqual([week]);
    } finally {
      await other.close();
    }
    expect(await prizePostings(week)).toBe(2);
    expect(await Promise.all(users.map((u) => wallxOf(t.database, u)))).toEqual(['6', '5']);
    expect((await checkBooks(t.database)).problems).toEqual([]);
  });

  it('the scheduled job on two instances: one pass at a time under the lease, the week paid once', async () => {
    const week = '2026-10-05';
    await setRewardSettings(t.database, { require_holding: false, prizes: ['3'] });
    const [winner] = await boardOf(week, 1);
    const traceDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallx-board-'));
    const config = (i: number) => ({
      jobs: { outputCheckIntervalMs: 50, traceFile: path.join(traceDir, `${i}.jsonl`) },
    });
    const instances = [
      await buildTestApp({ database: t.database, keys: t.keys, now: () => clock, runJobs: true, config: config(0) }),
      await buildTestApp({ database: t.database, keys: t.keys, now: () => clock, runJobs: true, config: config(1) }),
    ];
    let runs: LeasedRun[] = [];
    try {
      const started = Date.now();
      while ((await prizePostings(week)) === 0 && Date.now() - started < 15_000)
        await new Promise((resolve) => setTimeout(resolve, 50));
      // Several more passes of both instances.
      await new Promise((resolve) => setTimeout(resolve, 500));
    } finally {
      for (const instance of instances) await instance.close();
      runs = fs
        .readdirSync(traceDir)
        .flatMap((file) => fs.readFileSync(path.join(traceDir, file), 'utf8').trim().split('\n'))
        .filter(Boolean)
        .map((line) => JSON.parse(line) as LeasedRun)
        .filter((run) => run.lease === 'leaderboard-close');
      fs.rmSync(traceDir, { recursive: true, force: true });
    }
    // Both instances ran passes, and no two held passes overlapped in time.
    const held = runs.filter((run) => run.held).sort((a, b) => a.startedAt - b.startedAt);
    expect(new Set(runs.map((run) => run.holder)).size).toBe(2);
    expect(held.length).toBeGreaterThan(1);
    expect(held.slice(1).filter((run, i) => run.startedAt < held[i]!.finishedAt)).toEqual([]);
    expect(held.filter((run) => (run.result as { closed: unknown[] }).closed.length > 0)).toHaveLength(1);
    expect(await prizePostings(week)).toBe(1);
    expect(await wallxOf(t.database, winner!)).toBe('3');
    expect((await checkBooks(t.database)).problems).toEqual([]);
  });
});
