import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkBooks, credit, type Session, setFundPassword, type TestApp } from '../../test/helpers.js';
import { createTeamRepository } from './repository.js';
import { startTeam, teamHelpers } from './team.fixtures.js';

const DAY = 86_400_000;

describe('team', () => {
  let t: TestApp;
  let clock = Date.now();
  let productId: string;
  beforeAll(async () => {
    ({ t, productId } = await startTeam(() => clock));
  });
  afterAll(() => t.close());
  const { join, summary, buy, teamCheck } = teamHelpers(() => ({ t, productId }));

  describe('performance', () => {
    it('a purchase counts for every team above the buyer: today, last 7 days, all time; not for the buyer', async () => {
      const a = await join();
      const b = await join(a.userinfo.share_code);
      const c = await join(b.userinfo.share_code);
      await buy(c, 'USDT', 2);
      await buy(b, 'WALLX');

      const ofA = (await summary(a)).data;
      expect(ofA.performance).toEqual({
        today: { usdt: '200', wallx: '500' },
        last_7_days: { usdt: '200', wallx: '500' },
        all_time: { usdt: '200', wallx: '500' },
      });
      expect((await summary(b)).data.performance.all_time).toEqual({ usdt: '200', wallx: '0' });
      expect((await summary(c)).data.performance.all_time).toEqual({ usdt: '0', wallx: '0' });
      // A's list: B's branch is B's own purchase and C's.
      const members = (await t.injectAs(a, 'GET /api/team/members')).json().data;
      expect(members.items).toEqual([
        expect.objectContaining({
          address: b.userinfo.bsc,
          direct_count: 1,
          team_size: 1,
          performance: { usdt: '200', wallx: '500' },
        }),
      ]);
      expect(await teamCheck()).toEqual([]);
      expect((await checkBooks(t.database)).problems).toEqual([]);
    });

    it('today and the last 7 days move with the calendar of the output time zone', async () => {
      const start = clock;
      try {
        const a = await join();
        const b = await join(a.userinfo.share_code);
        clock = start - 8 * DAY;
        await buy(b, 'USDT');
        clock = start - 3 * DAY;
        await buy(b, 'USDT', 2);
        clock = start;
        await buy(b, 'USDT', 4);
        const { performance, today } = (await summary(a)).data;
        expect(today).toBe(new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(start));
        expect(performance).toEqual({
          today: { usdt: '400', wallx: '0' },
          last_7_days: { usdt: '600', wallx: '0' },
          all_time: { usdt: '700', wallx: '0' },
        });
      } finally {
        clock = start;
      }
    });

    it('a machine-market trade between members is not a purchase from the catalog: no performance', async () => {
      const a = await join();
      const seller = await join(a.userinfo.share_code);
      const buyer = await join(a.userinfo.share_code);
      for (const member of [seller, buyer]) await setFundPassword(t.app, member, 'pass-123');
      await buy(seller, 'USDT');
      const order = (await t.injectAs(seller, 'GET /api/miners/orders')).json().data.items[0];
      const miner = (await t.injectAs(seller, `POST /api/miners/orders/${order.id}/use`)).json().data.miner;
      const listed = await t.injectAs(seller, 'POST /api/mtrade/orders', {
        miner_id: miner.id,
        unit_price: '150',
        expiry: '1D',
        fund_password: 'pass-123',
      });
      await credit(t.database, buyer.userinfo.bsc, 'USDT', '150');
      const bought = await t.injectAs(buyer, `POST /api/mtrade/orders/${listed.json().data.order.id}/buy`, {
        fund_password: 'pass-123',
      });
      expect(bought.json().code).toBe(0);
      expect((await summary(a)).data.performance.all_time).toEqual({ usdt: '100', wallx: '0' });
      expect(await teamCheck()).toEqual([]);
    });

    it('parallel purchases across one tree: every one counted, no deadlock', async () => {
      const root = await join();
      const mid = await join(root.userinfo.share_code);
      const leaves = await Promise.all(Array.from({ length: 6 }, () => join(mid.userinfo.share_code)));
      await Promise.all(leaves.map((leaf) => credit(t.database, leaf.userinfo.bsc, 'USDT', '300')));
      const buys = leaves.flatMap((leaf) =>
        [1, 2].map(() =>
          t.injectAs(leaf, 'POST /api/miners/buy', { product_id: productId, pay_asset: 'USDT', quantity: 1 }),
        ),
      );
      const answers = await Promise.all(buys);
      expect(answers.map((r) => r.json().code)).toEqual(Array(12).fill(0));
      expect((await summary(root)).data.performance.all_time.usdt).toBe('1200');
      expect((await summary(mid)).data.performance.all_time.usdt).toBe('1200');
      expect(await teamCheck()).toEqual([]);
    });
  });

  it('property: after any sequence of logins and purchases, the rollups equal a recomputation from scratch', async () => {
    const step = fc.oneof(
      fc.record({
        kind: fc.constant('login' as const),
        inviter: fc.option(fc.nat(), { nil: null }),
        byAddress: fc.boolean(),
      }),
      fc.record({
        kind: fc.constant('buy' as const),
        buyer: fc.nat(),
        asset: fc.constantFrom('USDT' as const, 'WALLX' as const),
        quantity: fc.integer({ min: 1, max: 3 }),
        daysAgo: fc.integer({ min: 0, max: 9 }),
      }),
    );
    const start = clock;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 25 }), async (steps) => {
        const members: { session: Session; inviter: number | null }[] = [];
        const bought: { buyer: number; usdt: number; wallx: number; daysAgo: number }[] = [];
        try {
          for (const s of steps) {
            if (s.kind === 'login') {
              const inviter = s.inviter === null || members.length === 0 ? null : s.inviter % members.length;
              const referee =
                inviter === null
                  ? undefined
                  : s.byAddress
                    ? members[inviter]!.session.account.address
                    : members[inviter]!.session.userinfo.share_code;
              members.push({ session: await join(referee), inviter });
            } else if (members.length > 0) {
              const buyer = s.buyer % members.length;
              clock = start - s.daysAgo * DAY;
              await buy(members[buyer]!.session, s.asset, s.quantity);
              clock = start;
              bought.push({
                buyer,
                usdt: s.asset === 'USDT' ? 100 * s.quantity : 0,
                wallx: s.asset === 'WALLX' ? 500 * s.quantity : 0,
                daysAgo: s.daysAgo,
              });
            }
          }
        } finally {
          clock = start;
        }
        expect(await teamCheck()).toEqual([]);
        // The model: who is below whom, and what each window of each team adds up to.
        const isBelow = (member: number, of: number): boolean => {
          for (let up = members[member]!.inviter; up !== null; up = members[up]!.inviter) if (up === of) return true;
          return false;
        };
        for (let i = 0; i < members.length; i++) {
          const team = members.map((_, j) => j).filter((j) => isBelow(j, i));
          const sum = (days: number, asset: 'usdt' | 'wallx') =>
            String(
              bought
                .filter((b) => team.includes(b.buyer) && b.daysAgo < days)
                .reduce((total, b) => total + b[asset], 0),
            );
          const got = (await summary(members[i]!.session)).data;
          expect(got).toMatchObject({
            direct_count: members.filter((m) => m.inviter === i).length,
            team_size: team.length,
            performance: {
              today: { usdt: sum(1, 'usdt'), wallx: sum(1, 'wallx') },
              last_7_days: { usdt: sum(7, 'usdt'), wallx: sum(7, 'wallx') },
              all_time: { usdt: sum(Infinity, 'usdt'), wallx: sum(Infinity, 'wallx') },
            },
          });
        }
      }),
      { numRuns: 12, seed: 1313 },
    );
  });
});

describe('migration 009 on a database with users and purchases', () => {
  it('builds the tree and the rollups of what was there before', async () => {
    const { openDatabase } = await import('../../platform/db/database.js');
    const { listMigrations, migrate } = await import('../../platform/db/migrate.js');
    const handle = await openDatabase({ kind: 'pglite', dataDir: null });
    try {
      const db = handle.db;
      await sql`create table schema_migrations (name text primary key, applied_at timestamptz not null default now())`.execute(
        db,
      );
      for (const m of listMigrations().filter((m) => m.name < '009')) {
        await sql.raw(m.sql).execute(db);
        await sql`insert into schema_migrations (name) values (${m.name})`.execute(db);
      }
      // root ← a ← b, and c alone; a and b bought, one of b's a gift.
      await sql`insert into users (id, address, share_code, inviter_id) overriding system value values
        (1, ${'0x' + '1'.repeat(40)}, 'ROOT0001', null), (2, ${'0x' + '2'.repeat(40)}, 'AAAA0002', 1),
        (3, ${'0x' + '3'.repeat(40)}, 'BBBB0003', 2), (4, ${'0x' + '4'.repeat(40)}, 'CCCC0004', null)`.execute(db);
      await sql`insert into miner_products (id, name, category, price_usdt, daily_output, output_days, stock) overriding system value
        values (1, 'en_US:::M', 'machine', 100, 1, 10, 10)`.execute(db);
      await sql`insert into miner_orders (user_id, product_id, purchase_id, pay_asset, price, gift) values
        (2, 1, gen_random_uuid(), 'USDT', 100, false), (3, 1, gen_random_uuid(), 'WALLX', 500, false),
        (3, 1, gen_random_uuid(), 'USDT', 100, false), (3, 1, gen_random_uuid(), null, null, true)`.execute(db);

      expect(await migrate(db)).toContain('009-team.sql');
      const stats = await sql<{ user_id: string; direct_count: number; team_size: number; own: string; team: string }>`
        select user_id, direct_count, team_size, trim_scale(own_usdt) || '/' || trim_scale(own_wallx) as own,
               trim_scale(team_usdt) || '/' || trim_scale(team_wallx) as team
          from team_stats order by user_id`.execute(db);
      expect(stats.rows).toEqual([
        { user_id: '1', direct_count: 1, team_size: 2, own: '0/0', team: '200/500' },
        { user_id: '2', direct_count: 1, team_size: 1, own: '100/0', team: '100/500' },
        { user_id: '3', direct_count: 0, team_size: 0, own: '100/500', team: '0/0' },
        { user_id: '4', direct_count: 0, team_size: 0, own: '0/0', team: '0/0' },
      ]);
      expect(await createTeamRepository().check(db)).toEqual([]);
    } finally {
      await handle.close();
    }
  });
});
