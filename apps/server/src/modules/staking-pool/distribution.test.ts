import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLedger } from '../../kernel/ledger/ledger.js';
import { stakingSettingsDefaults } from '../../kernel/staking-settings/staking-settings.js';
import { buildTestApp, checkBooks, type Session, type TestApp } from '../../test/helpers.js';
import { checkIn, fillPool, poolOf, rewardsOf, stakeOf, userIdOf } from './staking-pool.fixtures.js';

// The test zone is Asia/Shanghai: 20 November 2026 runs from 16:00 UTC on the 19th to 16:00 UTC on the 20th.
const DAY = '2026-11-20';
const BEFORE_DAY = '2026-11-19T10:00:00Z';
const DURING_DAY = '2026-11-20T01:00:00Z';
const AFTER_DAY = '2026-11-20T17:00:00Z';
const NEXT_NOON = Date.parse('2026-11-21T04:00:00Z');

const stakesOf = async (t: TestApp, ids: string[]) =>
  (
    await sql<{ id: string; earned_wallx: string; earned_usdt: string; last_day: string | null; last_wallx: string }>`
      select s.id::text, trim_scale(e.earned_wallx)::text as earned_wallx, trim_scale(e.earned_usdt)::text as earned_usdt,
        e.last_day::text, trim_scale(e.last_wallx)::text as last_wallx
      from stakes s cross join lateral stake_earnings(s) e where s.id = any(${ids}::bigint[]) order by s.id`.execute(
      t.database.db,
    )
  ).rows;
const aidOf = async (t: TestApp, day: string) =>
  (
    await sql<{ asset: string; amount: string }>`
      select a.asset, trim_scale(e.amount)::text as amount from ledger_entries e join accounts a on a.id = e.account_id
      where a.kind = 'aid_fund' and e.type = 'aid_share' and e.ref_id = ${day} order by a.asset`.execute(t.database.db)
  ).rows;

describe('the daily distribution', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ now: () => NEXT_NOON });
  });
  afterAll(() => t.close());

  it('pays the pool pro rata to the stakes held all day, with the boost; the aid share exact; rounding kept; once', async () => {
    const [alice, bob, carol, dave] = await Promise.all([t.userWith(), t.userWith(), t.userWith(), t.userWith()]);
    const a1 = await stakeOf(t.database, alice!, { amount: '100', term: 'flexible', startedAt: BEFORE_DAY });
    const a2 = await stakeOf(t.database, alice!, { amount: '50', term: 'd30', startedAt: BEFORE_DAY });
    const b = await stakeOf(t.database, bob!, { amount: '100', term: 'd180', startedAt: BEFORE_DAY });
    // Closed after the day ended: held all day.
    const c1 = await stakeOf(t.database, carol!, {
      amount: '100',
      term: 'flexible',
      startedAt: BEFORE_DAY,
      closedAt: AFTER_DAY,
    });
    // Started during the day, or closed during it: not held all day.
    const c2 = await stakeOf(t.database, carol!, { amount: '100', term: 'flexible', startedAt: DURING_DAY });
    const d = await stakeOf(t.database, dave!, {
      amount: '100',
      term: 'flexible',
      startedAt: BEFORE_DAY,
      closedAt: DURING_DAY,
    });
    await checkIn(t.database, await userIdOf(t.database, bob!), DAY);
    await fillPool(t.database, 'WALLX', '10.000000000000000001');
    await fillPool(t.database, 'USDT', '3');

    const { distributed } = await t.app.stakingDistribution.distributeDue();
    // The first stake's day comes first: nobody held a stake all of it, so the pool was kept whole.
    expect(distributed).toEqual([
      {
        day: '2026-11-19',
        stakes: 0,
        users: 0,
        assets: [
          { asset: 'WALLX', proceeds: '10.000000000000000001', aid: '0', paid: '0', kept: '10.000000000000000001' },
          { asset: 'USDT', proceeds: '3', aid: '0', paid: '0', kept: '3' },
        ],
      },
      // Weights: 100 × 1, 50 × 1.2, 100 × 2 × 1.2 (bob checked in), 100 × 1 — 500 in all.
      {
        day: DAY,
        stakes: 4,
        users: 3,
        assets: [
          { asset: 'WALLX', proceeds: '10.000000000000000001', aid: '1', paid: '9', kept: '0.000000000000000001' },
          { asset: 'USDT', proceeds: '3', aid: '0.3', paid: '2.7', kept: '0' },
        ],
      },
    ]);
    const ids = await Promise.all([alice, bob, carol].map((u) => userIdOf(t.database, u!)));
    // Each user credited once per asset with the sum of their stakes' parts.
    // The users were made in parallel, so their ids may come in any order: compare as a set.
    expect(await rewardsOf(t.database, DAY)).toEqual(
      expect.arrayContaining([
        { user_id: ids[0], asset: 'USDT', amount: '0.864', n: 1 },
        { user_id: ids[0], asset: 'WALLX', amount: '2.88', n: 1 },
        { user_id: ids[1], asset: 'USDT', amount: '1.296', n: 1 },
        { user_id: ids[1], asset: 'WALLX', amount: '4.32', n: 1 },
        { user_id: ids[2], asset: 'USDT', amount: '0.54', n: 1 },
        { user_id: ids[2], asset: 'WALLX', amount: '1.8', n: 1 },
      ]),
    );
    expect(await rewardsOf(t.database, DAY)).toHaveLength(6);
    expect(await aidOf(t, DAY)).toEqual([
      { asset: 'USDT', amount: '0.3' },
      { asset: 'WALLX', amount: '1' },
    ]);
    // What rounding left stays in the pool, as the row says.
    expect(await poolOf(t.database)).toEqual({ USDT: '0', WALLX: '0.000000000000000001' });
    expect(await stakesOf(t, [a1, a2, b, c1, c2, d])).toEqual([
      { id: a1, earned_wallx: '1.8', earned_usdt: '0.54', last_day: DAY, last_wallx: '1.8' },
      { id: a2, earned_wallx: '1.08', earned_usdt: '0.324', last_day: DAY, last_wallx: '1.08' },
      { id: b, earned_wallx: '4.32', earned_usdt: '1.296', last_day: DAY, last_wallx: '4.32' },
      { id: c1, earned_wallx: '1.8', earned_usdt: '0.54', last_day: DAY, last_wallx: '1.8' },
      { id: c2, earned_wallx: '0', earned_usdt: '0', last_day: null, last_wallx: '0' },
      { id: d, earned_wallx: '0', earned_usdt: '0', last_day: null, last_wallx: '0' },
    ]);
    // Each asset's reward reaches its staker as a notice naming it.
    const notices = (await t.injectAs(alice!, 'GET /api/notices')).json().data.items as { payload: unknown }[];
    expect(notices.map((n) => n.payload)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ asset: 'WALLX', credit: expect.objectContaining({ type: 'staking_reward' }) }),
        expect.objectContaining({ asset: 'USDT', credit: expect.objectContaining({ type: 'staking_reward' }) }),
      ]),
    );

    // Again: nothing more.
    await fillPool(t.database, 'WALLX', '5');
    expect((await t.app.stakingDistribution.distributeDue()).distributed).toEqual([]);
    expect(await rewardsOf(t.database, DAY)).toHaveLength(6);
    expect(await poolOf(t.database)).toEqual({ USDT: '0', WALLX: '5.000000000000000001' });
    const books = await checkBooks(t.database);
    expect(books.problems).toEqual([]);
  });

  it('ledger:check sees a distribution row that differs from its entries, and a pool below zero', async () => {
    await sql`update staking_distributions set paid = paid - 1, kept = kept + 1 where day = ${DAY} and asset = 'WALLX'`.execute(
      t.database.db,
    );
    await fillPool(t.database, 'USDT', '1');
    await t.database.db.transaction().execute((trx) =>
      createLedger().post(trx, {
        debit: { platform: 'staking_pool' },
        credit: { platform: 'aid_fund' },
        asset: 'USDT',
        amount: '3',
        type: 'aid_share',
      }),
    );
    expect((await checkBooks(t.database)).problems).toEqual([
      { problem: 'staking pool negative', asset: 'USDT', detail: 'staking_pool holds -2' },
      {
        problem: 'staking distribution differs from its entries',
        asset: 'WALLX',
        detail: `${DAY}: aid 1 (entries 1), paid 8 (entries 9)`,
      },
    ]);
  });
});

describe('the daily distribution, exactly once', () => {
  let t: TestApp;
  let second: TestApp;
  let clock = Date.parse('2026-11-10T04:00:00Z');
  let users: Session[];
  beforeAll(async () => {
    t = await buildTestApp({ now: () => clock });
    // Another instance of the same deployment: the same database.
    second = await buildTestApp({ now: () => clock, database: t.database, keys: t.keys });
    users = await Promise.all([t.userWith(), t.userWith()]);
    for (const user of users)
      await stakeOf(t.database, user, { amount: '10', term: 'flexible', startedAt: '2026-11-09T10:00:00Z' });
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });

  it('two instances (and a run by hand) racing distribute each day once, in order', async () => {
    await fillPool(t.database, 'WALLX', '7');
    clock = Date.parse('2026-11-12T04:00:00Z');
    const runs = await Promise.all([
      t.app.stakingDistribution.distributeDue(),
      second.app.stakingDistribution.distributeDue(),
      t.app.stakingDistribution.distributeDay('2026-11-09'),
    ]);
    const days = [
      ...runs[0].distributed.map((d) => d.day),
      ...runs[1].distributed.map((d) => d.day),
      ...(runs[2] ? [runs[2].day] : []),
    ].sort();
    expect(days).toEqual(['2026-11-09', '2026-11-10', '2026-11-11']);
    // The 9th: nobody held all of it; the 10th paid the 7 (0.7 to the aid fund); the 11th had nothing left to pay.
    expect(await rewardsOf(t.database, '2026-11-10')).toEqual([
      expect.objectContaining({ asset: 'WALLX', amount: '3.15', n: 1 }),
      expect.objectContaining({ asset: 'WALLX', amount: '3.15', n: 1 }),
    ]);
    expect(await rewardsOf(t.database, '2026-11-11')).toEqual([]);
    // A day is never distributed before the one before it.
    clock = Date.parse('2026-11-14T04:00:00Z');
    await expect(t.app.stakingDistribution.distributeDay('2026-11-13')).rejects.toThrow(/2026-11-12/);
    clock = Date.parse('2026-11-12T04:00:00Z');
    const rows = await sql<{ day: string; n: number }>`select day::text, count(*)::int as n from staking_distributions
      group by day order by day`.execute(t.database.db);
    expect(rows.rows).toEqual([
      { day: '2026-11-09', n: 2 },
      { day: '2026-11-10', n: 2 },
      { day: '2026-11-11', n: 2 },
    ]);
    expect((await checkBooks(t.database)).problems).toEqual([]);
  });

  it('a run that fails part-way leaves nothing of the day; the next run does it all', async () => {
    await fillPool(t.database, 'USDT', '2');
    await fillPool(t.database, 'WALLX', '1');
    clock = Date.parse('2026-11-13T04:00:00Z');
    const before = await poolOf(t.database);
    // The day's last write fails: the aid share, the payments and the stakes' earnings went before it.
    await sql`create function staking_test_fail() returns trigger language plpgsql as $$
      begin raise exception 'killed'; end $$`.execute(t.database.db);
    await sql`create trigger staking_test_fail before insert on staking_distributions
      for each row when (new.asset = 'USDT') execute function staking_test_fail()`.execute(t.database.db);
    try {
      await expect(t.app.stakingDistribution.distributeDue()).rejects.toThrow(/killed/);
    } finally {
      await sql`drop trigger staking_test_fail on staking_distributions`.execute(t.database.db);
      await sql`drop function staking_test_fail()`.execute(t.database.db);
    }
    expect(await poolOf(t.database)).toEqual(before);
    expect(await rewardsOf(t.database, '2026-11-12')).toEqual([]);
    const days = await sql<{ n: number }>`select count(*)::int as n from staking_days where day = '2026-11-12'`.execute(
      t.database.db,
    );
    expect(days.rows[0]!.n).toBe(0);
    const earned = await sql<{
      n: number;
    }>`select count(*)::int as n from stakes s cross join lateral stake_earnings(s) e where e.last_day = '2026-11-12'`.execute(
      t.database.db,
    );
    expect(earned.rows[0]!.n).toBe(0);
    expect((await checkBooks(t.database)).problems).toEqual([]);

    const { distributed } = await t.app.stakingDistribution.distributeDue();
    expect(distributed.map((d) => d.assets)).toEqual([
      [
        { asset: 'WALLX', proceeds: '1', aid: '0.1', paid: '0.9', kept: '0' },
        { asset: 'USDT', proceeds: '2', aid: '0.2', paid: '1.8', kept: '0' },
      ],
    ]);
    expect(await rewardsOf(t.database, '2026-11-12')).toHaveLength(4);
    expect((await checkBooks(t.database)).problems).toEqual([]);
  });
});

describe("a stake's earnings, derived on read from the days distributed", () => {
  let t: TestApp;
  let clock = Date.parse('2026-11-02T04:00:00Z');
  beforeAll(async () => {
    t = await buildTestApp({ now: () => clock });
  });
  afterAll(() => t.close());

  /** Per user and asset, what their stakes' derived parts sum to: on `day` (their last), or ever. */
  const partsOf = async (userIds: string[], day: string | null) => {
    const { rows } = await sql<{ user_id: string; wallx: string; usdt: string }>`
      select s.user_id::text,
        trim_scale(coalesce(sum(${day ? sql`e.last_wallx) filter (where e.last_day = ${day}::date` : sql`e.earned_wallx`}), 0))::text as wallx,
        trim_scale(coalesce(sum(${day ? sql`e.last_usdt) filter (where e.last_day = ${day}::date` : sql`e.earned_usdt`}), 0))::text as usdt
      from stakes s cross join lateral stake_earnings(s) e
      where s.user_id = any(${userIds}::bigint[]) group by s.user_id order by s.user_id`.execute(t.database.db);
    return rows;
  };
  /** Per user and asset, what the ledger credited them: on `day`, or ever. */
  const creditedTo = async (userIds: string[], day: string | null) => {
    const { rows } = await sql<{ user_id: string; wallx: string; usdt: string }>`
      select u.id::text as user_id,
        trim_scale(coalesce(sum(e.amount) filter (where a.asset = 'WALLX'), 0))::text as wallx,
        trim_scale(coalesce(sum(e.amount) filter (where a.asset = 'USDT'), 0))::text as usdt
      from users u left join accounts a on a.user_id = u.id
      left join ledger_entries e on e.account_id = a.id and e.type = 'staking_reward'
        and ${day ? sql`e.ref_id = ${day}` : sql`true`}
      where u.id = any(${userIds}::bigint[]) group by u.id order by u.id`.execute(t.database.db);
    return rows;
  };

  it("sums each user's stake parts to exactly what the ledger credited them, every day and in total, whatever changed since", async () => {
    const alice = await t.userWith();
    const bob = await t.userWith();
    const carol = await t.userWith();
    const ids = [await userIdOf(t.database, alice), await userIdOf(t.database, bob), await userIdOf(t.database, carol)];
    const started = '2026-11-01T10:00:00Z';
    await stakeOf(t.database, alice, { amount: '3.333333333333333333', term: 'flexible', startedAt: started });
    await stakeOf(t.database, alice, { amount: '7', term: 'd30', startedAt: started });
    await stakeOf(t.database, alice, { amount: '11.1', term: 'd180', startedAt: started });
    await stakeOf(t.database, bob, { amount: '13.7', term: 'd90', startedAt: started });
    // Held all of the 2nd, closed during the 3rd.
    await stakeOf(t.database, bob, {
      amount: '0.123456789',
      term: 'flexible',
      startedAt: started,
      closedAt: '2026-11-03T10:00:00Z',
    });
    await stakeOf(t.database, carol, { amount: '1', term: 'd30', startedAt: started });
    await checkIn(t.database, ids[0]!, '2026-11-02');
    await checkIn(t.database, ids[2]!, '2026-11-03');
    await checkIn(t.database, ids[0]!, '2026-11-04');

    const days = ['2026-11-02', '2026-11-03', '2026-11-04'];
    for (const [i, day] of days.entries()) {
      await fillPool(t.database, 'WALLX', `1.00000000000000000${i + 7}`);
      await fillPool(t.database, 'USDT', '0.333333333333333333');
      // The rules change between days: each day's parts follow the rules it was paid by.
      if (day === '2026-11-04')
        await sql`insert into staking_settings (settings, version, updated_by) values (${JSON.stringify({
          ...stakingSettingsDefaults('0.1'),
          term_weights: { flexible: '1.1', d30: '1.3', d90: '1.7', d180: '2.9' },
          checkin_boost: '0.35',
        })}::jsonb, 1, 'test')`.execute(t.database.db);
      clock = Date.parse(`${day}T20:00:00Z`);
      const { distributed } = await t.app.stakingDistribution.distributeDue();
      expect(distributed.at(-1)?.day).toBe(day);
      const credited = await creditedTo(ids, day);
      expect(credited.some((c) => c.wallx !== '0')).toBe(true);
      expect(await partsOf(ids, day)).toEqual(credited);
    }
    const ever = await creditedTo(ids, null);
    expect(await partsOf(ids, null)).toEqual(ever);
    // Alice erases her mood history: what her boosted days paid her stays as paid.
    await sql`delete from checkins where user_id = ${ids[0]!}::bigint`.execute(t.database.db);
    expect(await partsOf(ids, null)).toEqual(ever);
    // And the screen shows the same: what her stakes earned yesterday and ever.
    const { mine } = (await t.injectAs(alice, 'GET /api/staking')).json().data;
    expect(mine.total).toEqual({ wallx: ever[0]!.wallx, usdt: ever[0]!.usdt });
    const [yesterday] = await creditedTo([ids[0]!], '2026-11-04');
    expect(mine.yesterday).toEqual({ day: '2026-11-04', wallx: yesterday!.wallx, usdt: yesterday!.usdt });
    expect((await checkBooks(t.database)).problems).toEqual([]);
  });
});
