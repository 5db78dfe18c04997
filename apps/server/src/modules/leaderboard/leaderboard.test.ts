import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shortAddress } from '@wallx/shared';
import {
  type Auth,
  buildTestApp,
  login,
  operatorLogin,
  type Session,
  type TestApp,
  testOperators,
} from '../../test/helpers.js';
import { putEntry, userIdOf } from './leaderboard.fixtures.js';

// Wednesday 25 November 2026, noon in Shanghai (the test zone): this week is Monday the 23rd.
const NOW = Date.parse('2026-11-25T04:00:00Z');
const THIS_WEEK = '2026-11-23';

type Row = { rank: number; name: string; days: number; streak: number; me: boolean; prize: string | null };

describe('the weekly leaderboard', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ now: () => NOW });
  });
  afterAll(() => t.close());

  const board = (who: Session | Auth, query = '') => t.injectAs(who, `GET /api/leaderboard${query}`);
  const nameOf = (s: Session) => shortAddress(s.userinfo.bsc.toLowerCase());
  const setNickname = (s: Session, nickname: string | null) =>
    t.injectAs(s, 'PUT /api/leaderboard/profile', { nickname });

  /** Users that exist only as rows: a big board without a sign-in each. */
  async function fillers(week: string, count: number, days: number, streak = 1): Promise<void> {
    await sql`
      with made as (
        insert into users (address, share_code)
        select '0x' || left(md5(random()::text || g::text) || md5(clock_timestamp()::text || random()::text), 40),
          'F' || md5(random()::text || g::text)
        from generate_series(1, ${count}) g
        returning id
      )
      insert into leaderboard_entries (week, user_id, days, streak, reached_at)
      select ${week}::date, id, ${days}, ${streak}, '2026-11-10T00:00:00Z'::timestamptz + id * interval '1 second' from made`.execute(
      t.database.db,
    );
  }

  it('ranks by days, then streak, then who got there first, then by user; names are shortened addresses without a nickname', async () => {
    const week = '2026-11-16';
    const [a, b, c, d, e] = [
      await login(t.app),
      await login(t.app),
      await login(t.app),
      await login(t.app),
      await login(t.app),
    ] as Session[];
    await putEntry(t.database, a!, { week, days: 5, streak: 5, reachedAt: '2026-11-20T10:00:00Z' });
    await putEntry(t.database, b!, { week, days: 5, streak: 7, reachedAt: '2026-11-20T12:00:00Z' });
    await putEntry(t.database, c!, { week, days: 6, streak: 2, reachedAt: '2026-11-21T12:00:00Z' });
    await putEntry(t.database, d!, { week, days: 5, streak: 5, reachedAt: '2026-11-20T09:00:00.000001Z' });
    // The same moment as a's, to the microsecond: the user id breaks the tie (a signed up first).
    await putEntry(t.database, e!, { week, days: 5, streak: 5, reachedAt: '2026-11-20T10:00:00Z' });

    const answer = (await board(a!, `?week=${week}`)).json();
    expect(answer.code).toBe(0);
    expect(answer.data).toMatchObject({
      week,
      // Monday the 23rd begins at 16:00 UTC on the 22nd in Shanghai.
      ends: '2026-11-22T16:00:00.000Z',
      closed: false,
      page: 1,
      page_size: 20,
      total: 5,
      prizes: ['50', '30', '20', '10', '10'],
    });
    expect(answer.data.items).toEqual([
      { rank: 1, name: nameOf(c!), days: 6, streak: 2, me: false, prize: '50' },
      { rank: 2, name: nameOf(b!), days: 5, streak: 7, me: false, prize: '30' },
      { rank: 3, name: nameOf(d!), days: 5, streak: 5, me: false, prize: '20' },
      { rank: 4, name: nameOf(a!), days: 5, streak: 5, me: true, prize: '10' },
      { rank: 5, name: nameOf(e!), days: 5, streak: 5, me: false, prize: '10' },
    ]);
    expect(answer.data.me).toEqual({ rank: 4, name: nameOf(a!), days: 5, streak: 5, me: true, prize: '10' });
    // Each one's own place agrees with the page.
    for (const [s, rank] of [
      [c, 1],
      [b, 2],
      [d, 3],
      [e, 5],
    ] as const)
      expect((await board(s!, `?week=${week}`)).json().data.me.rank, `rank ${rank}`).toBe(rank);
    // Nothing of anyone's moods is on the board, nor their addresses in full.
    expect(JSON.stringify(answer.data)).not.toMatch(/mood|note|feeling|0x[0-9a-f]{40}/);
  });

  it('this week by default; someone off this week has no place of their own', async () => {
    const s = await login(t.app);
    const other = await login(t.app);
    await putEntry(t.database, other, { week: THIS_WEEK, days: 3, streak: 9, reachedAt: '2026-11-25T01:00:00Z' });
    const answer = (await board(s)).json().data;
    expect(answer).toMatchObject({
      week: THIS_WEEK,
      ends: '2026-11-29T16:00:00.000Z',
      closed: false,
      total: 1,
      me: null,
    });
    expect(answer.items.map((r: Row) => r.name)).toEqual([nameOf(other)]);
  });

  it('pages through the board 20 at a time; my place is found on a later page, and a page past the end is empty', async () => {
    const week = '2026-11-09';
    await fillers(week, 45, 4);
    const late = await login(t.app);
    await putEntry(t.database, late, { week, days: 1, streak: 1, reachedAt: '2026-11-15T10:00:00Z' });
    const first = (await board(late, `?week=${week}`)).json().data;
    expect(first.total).toBe(46);
    expect(first.items.map((r: Row) => r.rank)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(first.me).toMatchObject({ rank: 46, days: 1, me: true, prize: null });
    const third = (await board(late, `?week=${week}&page=3`)).json().data;
    expect(third.items.map((r: Row) => r.rank)).toEqual([41, 42, 43, 44, 45, 46]);
    expect(third.items.at(-1)).toMatchObject({ me: true, name: nameOf(late) });
    expect((await board(late, `?week=${week}&page=4`)).json().data).toMatchObject({ items: [], total: 46, page: 4 });
  });

  it('my rank inside a crowded (days, streak) counts the earlier slices from the kept counts and my own slice live, as the plain order does', async () => {
    const week = '2026-10-05';
    // 40 places of one (days, streak), reached 7 minutes apart: spread over the 10-minute slices, some sharing one.
    await sql`
      with made as (
        insert into users (address, share_code)
        select '0x' || left(md5(random()::text || g::text) || md5(clock_timestamp()::text || random()::text), 40),
          'S' || md5(random()::text || g::text)
        from generate_series(1, 40) g
        returning id
      )
      insert into leaderboard_entries (week, user_id, days, streak, reached_at)
      select ${week}::date, id, 3, 3, '2026-10-06T08:00:00Z'::timestamptz
        + (row_number() over (order by id)) * interval '7 minutes' from made`.execute(t.database.db);
    // One of those ahead left the board: they count for no one.
    await sql`insert into leaderboard_profiles (user_id, on_board)
      select user_id, false from leaderboard_entries where week = ${week}::date order by reached_at limit 1`.execute(
      t.database.db,
    );
    for (const reachedAt of ['2026-10-06T09:03:30Z', '2026-10-06T10:10:00Z', '2026-10-06T12:59:59Z']) {
      const me = await login(t.app);
      await putEntry(t.database, me, { week, days: 3, streak: 3, reachedAt });
      const { rows } = await sql<{ ahead: string }>`
        select count(*)::text as ahead from leaderboard_entries e
        left join leaderboard_profiles p on p.user_id = e.user_id
        where e.week = ${week}::date and e.days = 3 and e.streak = 3 and coalesce(p.on_board, true)
          and e.reached_at < ${reachedAt}::timestamptz`.execute(t.database.db);
      const answer = (await board(me, `?week=${week}`)).json().data;
      expect(answer.me).toMatchObject({ rank: Number(rows[0]!.ahead) + 1, days: 3, streak: 3, me: true });
    }
  });

  it('a later page starts inside the bucket (days, streak) its first place is in, and agrees with the plain order; those who left are skipped', async () => {
    const week = '2026-10-12';
    await fillers(week, 15, 5, 3);
    await fillers(week, 10, 5, 2);
    await fillers(week, 10, 3, 9);
    const me = await login(t.app);
    await putEntry(t.database, me, { week, days: 5, streak: 2, reachedAt: '2026-11-20T00:00:00Z' });
    // Two of the (5, 2) bucket leave: both are ahead of me in it.
    await sql`insert into leaderboard_profiles (user_id, on_board)
      select user_id, false from leaderboard_entries where week = ${week}::date and days = 5 and streak = 2
      order by reached_at limit 2`.execute(t.database.db);
    const { rows: expected } = await sql<{ address: string; days: number; streak: number }>`
      select u.address, e.days::int as days, e.streak from leaderboard_entries e join users u on u.id = e.user_id
      left join leaderboard_profiles p on p.user_id = e.user_id
      where e.week = ${week}::date and coalesce(p.on_board, true)
      order by e.days desc, e.streak desc, e.reached_at, e.user_id`.execute(t.database.db);
    expect(expected).toHaveLength(34);

    const pages = [];
    for (const page of [1, 2]) pages.push((await board(me, `?week=${week}&page=${page}`)).json().data);
    expect(pages[1].total).toBe(34);
    const listed = pages.flatMap((p) => p.items as Row[]);
    expect(listed.map((r) => r.rank)).toEqual(Array.from({ length: 34 }, (_, i) => i + 1));
    expect(listed.map((r) => [r.name, r.days, r.streak])).toEqual(
      expected.map((e) => [shortAddress(e.address), e.days, e.streak]),
    );
    const mine = expected.findIndex((e) => e.address === me.userinfo.bsc.toLowerCase()) + 1;
    expect(mine).toBe(24);
    expect(pages[0].me).toMatchObject({ rank: mine, days: 5, streak: 2, me: true });
    expect(listed[mine - 1]).toMatchObject({ me: true });
  });

  it('a page deep inside one crowded (days, streak) starts at the slice its first place is in and agrees with the plain order', async () => {
    const week = '2026-09-28';
    // 50 places of one (days, streak), 4 minutes apart: 20 slices of 10 minutes, two or three places each.
    await sql`
      with made as (
        insert into users (address, share_code)
        select '0x' || left(md5(random()::text || g::text) || md5(clock_timestamp()::text || random()::text), 40),
          'D' || md5(random()::text || g::text)
        from generate_series(1, 50) g
        returning id
      )
      insert into leaderboard_entries (week, user_id, days, streak, reached_at)
      select ${week}::date, id, 4, 4, '2026-09-29T08:01:00Z'::timestamptz
        + (row_number() over (order by id)) * interval '4 minutes' from made`.execute(t.database.db);
    await fillers(week, 5, 2);
    const me = await login(t.app);
    await putEntry(t.database, me, { week, days: 4, streak: 4, reachedAt: '2026-09-29T09:30:00Z' });
    const { rows: expected } = await sql<{ address: string }>`
      select u.address from leaderboard_entries e join users u on u.id = e.user_id
      where e.week = ${week}::date order by e.days desc, e.streak desc, e.reached_at, e.user_id`.execute(t.database.db);
    const pages = [];
    for (const page of [1, 2, 3]) pages.push((await board(me, `?week=${week}&page=${page}`)).json().data);
    const listed = pages.flatMap((p) => p.items as Row[]);
    expect(listed.map((r) => r.rank)).toEqual(Array.from({ length: 56 }, (_, i) => i + 1));
    expect(listed.map((r) => r.name)).toEqual(expected.map((e) => shortAddress(e.address)));
    const mine = listed.find((r) => r.me)!;
    expect(pages.map((p) => p.me.rank)).toEqual([mine.rank, mine.rank, mine.rank]);
  });

  it("a token whose session ended is refused (401): the session is checked by the board's own statement", async () => {
    const s = await login(t.app);
    expect((await board(s)).statusCode).toBe(200);
    expect((await t.injectAs(s, 'POST /api/web3/logout')).json().code).toBe(0);
    const refused = await board(s);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: 401 });
  });

  it('refuses a week that is not a Monday, one in the future, a malformed one and a bad page, naming the field', async () => {
    const s = await login(t.app);
    for (const [query, code, field] of [
      ['?week=2026-11-24', 9002, 'week'],
      ['?week=2026-11-30', 9002, 'week'],
      ['?week=2026-13-02', 1001, 'week'],
      ['?week=monday', 1001, 'week'],
      ['?page=0', 1001, 'page'],
      ['?page=abc', 1001, 'page'],
    ] as const) {
      const response = await board(s, query);
      expect(response.json(), query).toMatchObject({ code, data: { field } });
      expect(response.statusCode, query).toBe(400);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/leaderboard' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/leaderboard/profile' })).statusCode).toBe(401);
  });

  it('a nickname: shown on the board, unique whatever its case, validated naming the field; null is the shortened address', async () => {
    const week = '2026-11-02';
    const alice = await login(t.app);
    const bob = await login(t.app);
    await putEntry(t.database, alice, { week, days: 2, streak: 2, reachedAt: '2026-11-03T10:00:00Z' });
    expect((await t.injectAs(alice, 'GET /api/leaderboard/profile')).json().data).toEqual({
      nickname: null,
      on_board: true,
      hidden: false,
    });
    expect((await setNickname(alice, '  Calm Otter ')).json().data).toEqual({
      nickname: 'Calm Otter',
      on_board: true,
      hidden: false,
    });
    expect((await board(bob, `?week=${week}`)).json().data.items[0].name).toBe('Calm Otter');

    const taken = await setNickname(bob, 'calm otter');
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 9001, data: { field: 'nickname' } });
    // Its owner may change its case.
    expect((await setNickname(alice, 'CALM OTTER')).json().data.nickname).toBe('CALM OTTER');
    expect((await setNickname(bob, '平静的水獭')).json().data.nickname).toBe('平静的水獭');

    for (const nickname of ['x', 'a'.repeat(21), 'bad<name>', '-dash', 'dash-', '   ', 42, undefined])
      expect((await setNickname(bob, nickname as string)).json(), String(nickname)).toMatchObject({
        code: 1001,
        data: { field: 'nickname' },
      });
    expect((await t.injectAs(bob, 'GET /api/leaderboard/profile')).json().data.nickname).toBe('平静的水獭');

    expect((await setNickname(alice, null)).json().data).toEqual({ nickname: null, on_board: true, hidden: false });
    expect((await board(bob, `?week=${week}`)).json().data.items[0].name).toBe(nameOf(alice));
    // Released: someone else may take it now.
    expect((await setNickname(bob, 'Calm Otter')).json().code).toBe(0);
  });

  it('two users racing for one nickname: one has it, the others are told it is taken, never a 500', async () => {
    const racers = await Promise.all(Array.from({ length: 6 }, () => login(t.app)));
    const answers = await Promise.all(racers.map((s, i) => setNickname(s, i % 2 ? 'Sunrise' : 'SUNRISE')));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    for (const answer of answers.filter((r) => r.statusCode === 409))
      expect(answer.json()).toMatchObject({ code: 9001, data: { field: 'nickname' } });
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from leaderboard_profiles where lower(nickname) = 'sunrise'`.execute(t.database.db);
    expect(rows[0]!.n).toBe(1);
  });

  it('leaving the board: gone from every week and from the count, the places behind move up; rejoining brings the nickname back', async () => {
    const week = '2026-10-26';
    const [first, second, third] = [await login(t.app), await login(t.app), await login(t.app)] as Session[];
    await putEntry(t.database, first!, { week, days: 7, streak: 7, reachedAt: '2026-11-01T10:00:00Z' });
    await putEntry(t.database, second!, { week, days: 6, streak: 6, reachedAt: '2026-11-01T10:00:00Z' });
    await putEntry(t.database, third!, { week, days: 5, streak: 5, reachedAt: '2026-11-01T10:00:00Z' });
    await setNickname(first!, 'Early Bird');

    const left = await t.injectAs(first!, 'DELETE /api/leaderboard/profile');
    expect(left.json().data).toEqual({ nickname: 'Early Bird', on_board: false, hidden: false });
    const after = (await board(third!, `?week=${week}`)).json().data;
    expect(after.total).toBe(2);
    expect(after.items.map((r: Row) => [r.rank, r.name])).toEqual([
      [1, nameOf(second!)],
      [2, nameOf(third!)],
    ]);
    expect(after.me.rank).toBe(2);
    expect((await board(first!, `?week=${week}`)).json().data.me).toBeNull();
    // Leaving twice is still off the board.
    expect((await t.injectAs(first!, 'DELETE /api/leaderboard/profile')).json().data.on_board).toBe(false);

    expect((await setNickname(first!, 'Early Bird')).json().data).toEqual({
      nickname: 'Early Bird',
      on_board: true,
      hidden: false,
    });
    const back = (await board(third!, `?week=${week}`)).json().data;
    expect(back.total).toBe(3);
    expect(back.items.map((r: Row) => r.name)).toEqual(['Early Bird', nameOf(second!), nameOf(third!)]);
    expect(back.me.rank).toBe(3);
  });

  describe('the console', () => {
    const week = '2026-10-19';
    let viewer: Auth;
    let support: Auth;
    let alice: Session;
    let bob: Session;
    beforeAll(async () => {
      viewer = await operatorLogin(t.app, 'viewer');
      support = await operatorLogin(t.app, 'support');
      alice = await login(t.app);
      bob = await login(t.app);
      await putEntry(t.database, alice, { week, days: 4, streak: 4, reachedAt: '2026-10-22T10:00:00Z' });
      await putEntry(t.database, bob, { week, days: 3, streak: 3, reachedAt: '2026-10-22T10:00:00Z' });
      await setNickname(alice, 'Rude Word');
      // A check-in with a note: the console must never show it.
      await sql`insert into checkins (user_id, day, mood, feelings, note, streak)
        values (${await userIdOf(t.database, alice)}::bigint, '2026-10-22', 1, '{lonely}', 'SECRET-NOTE', 4)`.execute(
        t.database.db,
      );
    });
    const hide = (who: Auth | Session, address: string, reason = 'abusive nickname') =>
      t.injectAs(who, `POST /api/admin/leaderboard/nicknames/${address}/hide`, { reason });
    const unhide = (who: Auth | Session, address: string) =>
      t.injectAs(who, `POST /api/admin/leaderboard/nicknames/${address}/unhide`);

    it('every operator reads the board with addresses and nicknames, never a mood or a note; a user cannot', async () => {
      const answer = (await t.injectAs(viewer, `GET /api/admin/leaderboard?week=${week}`)).json();
      expect(answer.code).toBe(0);
      expect(answer.data).toMatchObject({ week, closed: false, total: 2, payouts: [] });
      expect(answer.data.items).toEqual([
        {
          rank: 1,
          name: 'Rude Word',
          days: 4,
          streak: 4,
          prize: '50',
          user: alice.userinfo.bsc.toLowerCase(),
          nickname: 'Rude Word',
          hidden: false,
        },
        {
          rank: 2,
          name: nameOf(bob),
          days: 3,
          streak: 3,
          prize: '30',
          user: bob.userinfo.bsc.toLowerCase(),
          nickname: null,
          hidden: false,
        },
      ]);
      expect(JSON.stringify(answer)).not.toMatch(/mood|SECRET|lonely|feeling/);
      expect((await t.injectAs(alice, `GET /api/admin/leaderboard?week=${week}`)).statusCode).toBe(401);
      expect((await t.injectAs(viewer, `GET /api/admin/leaderboard?week=2026-10-20`)).json()).toMatchObject({
        code: 9002,
        data: { field: 'week' },
      });
    });

    it('support hides a nickname (audited): the board shows the shortened address; unhiding shows it again; a viewer cannot', async () => {
      const address = alice.userinfo.bsc.toLowerCase();
      expect((await hide(viewer, address)).json()).toMatchObject({ code: 1006 });
      expect((await unhide(viewer, address)).json()).toMatchObject({ code: 1006 });
      expect((await hide(alice, address)).statusCode).toBe(401);
      expect((await hide(support, address, 'no')).json()).toMatchObject({ code: 1001, data: { field: 'reason' } });
      expect((await hide(support, '0x123')).json()).toMatchObject({ code: 1001, data: { field: 'user' } });
      expect((await hide(support, `0x${'9'.repeat(40)}`)).json()).toMatchObject({ code: 8101 });

      const hidden = await hide(support, address);
      expect(hidden.json().data).toEqual({
        user: address,
        nickname: 'Rude Word',
        on_board: true,
        hidden: true,
        hidden_reason: 'abusive nickname',
      });
      expect((await board(bob, `?week=${week}`)).json().data.items[0].name).toBe(nameOf(alice));
      expect((await t.injectAs(alice, 'GET /api/leaderboard/profile')).json().data).toEqual({
        nickname: 'Rude Word',
        on_board: true,
        hidden: true,
      });
      // A new nickname stays hidden until an operator looks again: renaming is no way around a hide.
      await setNickname(alice, 'Another Rude');
      expect((await board(bob, `?week=${week}`)).json().data.items[0].name).toBe(nameOf(alice));
      const console = (await t.injectAs(viewer, `GET /api/admin/leaderboard?week=${week}`)).json().data.items[0];
      expect(console).toMatchObject({ name: nameOf(alice), nickname: 'Another Rude', hidden: true });

      expect((await unhide(support, address)).json().data).toMatchObject({ hidden: false, hidden_reason: null });
      expect((await board(bob, `?week=${week}`)).json().data.items[0].name).toBe('Another Rude');

      const audit = await t.database.db
        .selectFrom('operator_audit')
        .selectAll()
        .where('subject_type', '=', 'user')
        .where('subject_id', '=', await userIdOf(t.database, alice))
        .orderBy('id')
        .execute();
      expect(audit.map((row) => [row.operator, row.action])).toEqual([
        [testOperators.support.address.toLowerCase(), 'leaderboard.nickname_hide'],
        [testOperators.support.address.toLowerCase(), 'leaderboard.nickname_unhide'],
      ]);
      expect(audit[0]!.detail).toMatchObject({
        before: { nickname: 'Rude Word', hidden: false },
        after: { hidden: true },
        reason: 'abusive nickname',
      });
    });

    it("an operator never hides their own account's nickname", async () => {
      const own = await login(t.app, testOperators.support);
      await setNickname(own, 'Operator Me');
      const refused = await hide(support, own.userinfo.bsc.toLowerCase());
      expect(refused.json()).toMatchObject({ code: 8306, data: { field: 'user' } });
      expect((await t.injectAs(own, 'GET /api/leaderboard/profile')).json().data.hidden).toBe(false);
      const audit = await t.database.db
        .selectFrom('operator_audit')
        .select('id')
        .where('subject_id', '=', await userIdOf(t.database, own))
        .execute();
      expect(audit).toEqual([]);
    });
  });
});
