import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addProduct,
  type Auth,
  buildTestApp,
  checkBooks,
  credit,
  login,
  newWallet,
  type Session,
  setFundPassword,
  type TestApp,
} from '../../test/helpers.js';
import { createUserRepository } from '../../users/repository.js';
import { createTeamRepository } from './repository.js';
import { MAX_INVITE_DEPTH } from './service.js';

const DAY = 86_400_000;

describe('team', () => {
  let t: TestApp;
  let clock = Date.now();
  let productId: string;
  beforeAll(async () => {
    t = await buildTestApp({ now: () => clock });
    productId = await addProduct(t.database, { price_usdt: '100', price_wallx: '500', stock: 1_000_000 });
  });
  afterAll(() => t.close());

  const get = (url: string, auth?: Auth) => t.app.inject({ method: 'GET', url, ...(auth ? { headers: auth } : {}) });
  const join = (referee?: string) => login(t.app, newWallet(), referee);
  const summary = async (viewer: Session, of?: string) => {
    const response = await t.injectAs(viewer, `GET /api/team/summary${of ? `?of=${of}` : ''}`);
    return response.json();
  };
  async function buy(buyer: Session, asset: 'USDT' | 'WALLX', quantity = 1) {
    await credit(
      t.database,
      buyer.userinfo.bsc,
      asset,
      asset === 'USDT' ? String(100 * quantity) : String(500 * quantity),
    );
    const response = await t.injectAs(buyer, 'POST /api/miners/buy', {
      product_id: productId,
      pay_asset: asset,
      quantity,
    });
    expect(response.json().code).toBe(0);
  }
  const teamCheck = () => createTeamRepository().check(t.database.db);

  describe('the tree at first login', () => {
    it('counts a member in every team above it, at every level', async () => {
      const a = await join();
      const b = await join(a.userinfo.share_code);
      const c = await join(b.account.address);
      const d = await join(c.userinfo.share_code.toLowerCase());
      await join(a.userinfo.share_code);

      expect((await summary(a)).data).toMatchObject({
        address: a.userinfo.bsc,
        inviter: null,
        direct_count: 2,
        team_size: 4,
      });
      expect((await summary(b)).data).toMatchObject({ inviter: a.userinfo.bsc, direct_count: 1, team_size: 2 });
      expect((await summary(d)).data).toMatchObject({ direct_count: 0, team_size: 0 });
      expect(await teamCheck()).toEqual([]);
    });

    it('keeps the first inviter: a second login with another code changes nothing', async () => {
      const a = await join();
      const other = await join();
      const b = await join(a.userinfo.share_code);
      const again = await login(t.app, b.account, other.userinfo.share_code);
      expect(again.userinfo.inviter).toBe(a.userinfo.bsc);
      expect((await summary(other)).data.team_size).toBe(0);
      expect((await summary(a)).data.team_size).toBe(1);
    });

    it('a user who first logged in without a code stays a root; an unknown code or their own address is ignored', async () => {
      const wallet = newWallet();
      const self = await login(t.app, wallet, wallet.address);
      expect(self.userinfo.inviter).toBeNull();
      const unknown = await join('ZZZZZZZZ');
      expect(unknown.userinfo.inviter).toBeNull();
      const a = await join();
      const later = await login(t.app, self.account, a.userinfo.share_code);
      expect(later.userinfo.inviter).toBeNull();
      expect((await summary(a)).data.team_size).toBe(0);
    });

    // Invite chains had no depth limit: a script logging in wallet after wallet, each under the last,
    // made every new login write and lock one row per level above it.
    it(`a referee already ${MAX_INVITE_DEPTH} levels deep takes no more invitees: the login goes without an inviter`, async () => {
      const users = createUserRepository();
      const team = createTeamRepository();
      const root = await join();
      // The chain is written as logins write it, level by level, without signing a hundred messages.
      const chain = [
        { id: (await users.findIdByAddress(t.database.db, root.userinfo.bsc))!, code: root.userinfo.share_code },
      ];
      for (let level = 1; level <= MAX_INVITE_DEPTH; level++) {
        const code = `D${String(level).padStart(3, '0')}${String(Date.now() % 10_000).padStart(4, '0')}`;
        const id = await t.database.db.transaction().execute(async (trx) => {
          const id = (await users.insert(trx, {
            address: newWallet().address.toLowerCase(),
            shareCode: code,
            inviterId: chain.at(-1)!.id,
          }))!;
          await team.join(trx, id, chain.at(-1)!.id);
          return id;
        });
        chain.push({ id, code });
      }
      expect(await team.depthOf(t.database.db, chain.at(-1)!.id)).toBe(MAX_INVITE_DEPTH);
      const tooDeep = await join(chain.at(-1)!.code);
      expect(tooDeep.userinfo.inviter).toBeNull();
      expect(
        await team.depthOf(t.database.db, (await users.findIdByAddress(t.database.db, tooDeep.userinfo.bsc))!),
      ).toBe(0);
      // One level up still takes an invitee, placed at the deepest level.
      const deepest = await join(chain.at(-2)!.code);
      expect(deepest.userinfo.inviter).not.toBeNull();
      expect(
        await team.depthOf(t.database.db, (await users.findIdByAddress(t.database.db, deepest.userinfo.bsc))!),
      ).toBe(MAX_INVITE_DEPTH);
      expect((await summary(root)).data.team_size).toBe(MAX_INVITE_DEPTH + 1);
      expect(await teamCheck()).toEqual([]);
    });

    it('the database refuses to move a member: the inviter is fixed', async () => {
      const a = await join();
      const b = await join(a.userinfo.share_code);
      await expect(
        sql`update users set inviter_id = null where address = ${b.userinfo.bsc}`.execute(t.database.db),
      ).rejects.toThrow(/fixed at the first login/);
      // And so no cycle can be made: a root cannot be put under its own member.
      await expect(
        sql`update users set inviter_id = (select id from users where address = ${b.userinfo.bsc}) where address = ${a.userinfo.bsc}`.execute(
          t.database.db,
        ),
      ).rejects.toThrow(/fixed at the first login/);
    });

    it('racing first logins of one wallet under two inviters: one user, counted once', async () => {
      const a = await join();
      const b = await join();
      const wallet = newWallet();
      const results = await Promise.allSettled(
        Array.from({ length: 6 }, (_, i) => login(t.app, wallet, (i % 2 ? a : b).userinfo.share_code)),
      );
      expect(results.filter((r) => r.status === 'fulfilled').length).toBeGreaterThan(0);
      const sizes = [(await summary(a)).data.team_size, (await summary(b)).data.team_size];
      expect(sizes.sort()).toEqual([0, 1]);
      expect(await teamCheck()).toEqual([]);
    });
  });

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

  describe('members and drilling down', () => {
    it('pages direct invitees newest first and drills into any member of my team', async () => {
      const a = await join();
      const bs = [];
      for (let i = 0; i < 5; i++) bs.push(await join(a.userinfo.share_code));
      const c = await join(bs[0]!.userinfo.share_code);
      const first = (await t.injectAs(a, 'GET /api/team/members?limit=2')).json().data;
      expect(first.items.map((m: { address: string }) => m.address)).toEqual([
        bs[4]!.userinfo.bsc,
        bs[3]!.userinfo.bsc,
      ]);
      const seen = [...first.items];
      let cursor = first.next_cursor;
      while (cursor) {
        const next = (await t.injectAs(a, `GET /api/team/members?limit=2&cursor=${cursor}`)).json().data;
        seen.push(...next.items);
        cursor = next.next_cursor;
      }
      expect(seen.map((m) => m.address)).toEqual(bs.map((b) => b.userinfo.bsc).reverse());
      expect(seen.at(-1)).toMatchObject({ direct_count: 1, team_size: 1, joined_at: expect.any(String) });

      const drill = (await t.injectAs(a, `GET /api/team/members?of=${bs[0]!.userinfo.bsc}`)).json().data;
      expect(drill.items.map((m: { address: string }) => m.address)).toEqual([c.userinfo.bsc]);
      // A checksummed address names the same member.
      const checksummed = (await summary(a, c.account.address)).data;
      expect(checksummed).toMatchObject({ address: c.userinfo.bsc, inviter: bs[0]!.userinfo.bsc, team_size: 0 });
    });

    it('BOLA: no one reads a team they are not above: not the team of their inviter, of a sibling, or of a stranger', async () => {
      const a = await join();
      const b = await join(a.userinfo.share_code);
      const sibling = await join(a.userinfo.share_code);
      const c = await join(b.userinfo.share_code);
      const stranger = await join();
      const refused = [
        [b, a.userinfo.bsc],
        [c, a.userinfo.bsc],
        [sibling, b.userinfo.bsc],
        [sibling, c.userinfo.bsc],
        [stranger, b.userinfo.bsc],
        [b, newWallet().address.toLowerCase()],
      ] as const;
      for (const [viewer, of] of refused) {
        for (const url of [`/api/team/summary?of=${of}`, `/api/team/members?of=${of}`]) {
          const response = await get(url, viewer.auth);
          expect(response.statusCode, `${url} by ${viewer.userinfo.bsc}`).toBe(404);
          expect(response.json()).toMatchObject({
            code: 6001,
            message: 'That address is not in your team',
            data: { field: 'of' },
          });
        }
      }
      // The same requests by one above them are answered.
      expect((await t.injectAs(a, `GET /api/team/members?of=${c.userinfo.bsc}`)).statusCode).toBe(200);
    });

    it('refuses bad input naming the field, and guests', async () => {
      const a = await join();
      expect((await t.injectAs(a, 'GET /api/team/summary?of=0x123')).json()).toMatchObject({
        code: 1001,
        data: { field: 'of' },
      });
      expect((await t.injectAs(a, 'GET /api/team/members?cursor=%%%')).json()).toMatchObject({
        code: 1001,
        data: { field: 'cursor' },
      });
      expect((await t.injectAs(a, 'GET /api/team/members?limit=0')).json()).toMatchObject({
        code: 1001,
        data: { field: 'limit' },
      });
      for (const url of ['/api/team/summary', '/api/team/members', '/api/share/info'])
        expect((await get(url)).statusCode).toBe(401);
    });
  });

  describe('share', () => {
    it('answers my code and an invite link on the origin the request came to', async () => {
      const a = await join();
      const info = (
        await t.app.inject({ method: 'GET', url: '/api/share/info', headers: { ...a.auth, host: 'app.example.test' } })
      ).json().data;
      expect(info).toEqual({
        share_code: a.userinfo.share_code,
        link: `http://app.example.test/join?code=${a.userinfo.share_code}`,
      });
    });

    it('answers the configured public origin when there is one', async () => {
      const other = await buildTestApp({ database: t.database, config: { publicAppUrl: 'https://app.wallx.example' } });
      try {
        const a = await login(other.app, undefined, undefined, { origin: 'https://app.wallx.example' });
        const info = (await other.injectAs(a, 'GET /api/share/info')).json().data;
        expect(info.link).toBe(`https://app.wallx.example/join?code=${a.userinfo.share_code}`);
      } finally {
        await other.close();
      }
    });

    it('tells a guest whose code it is, shortened; an unknown code is a 404 naming it', async () => {
      const a = await join();
      const known = (
        await t.app.inject({ method: 'GET', url: `/api/share/inviter?code=${a.userinfo.share_code.toLowerCase()}` })
      ).json();
      expect(known).toMatchObject({
        code: 0,
        data: {
          share_code: a.userinfo.share_code,
          address: `${a.userinfo.bsc.slice(0, 5)}...${a.userinfo.bsc.slice(-5)}`,
        },
      });
      const unknown = await t.app.inject({ method: 'GET', url: '/api/share/inviter?code=NOPE1234' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ code: 6002, message: 'Unknown invite code', data: { field: 'code' } });
      expect((await t.app.inject({ method: 'GET', url: '/api/share/inviter?code=' })).json()).toMatchObject({
        code: 1001,
        data: { field: 'code' },
      });
    });

    it('limits code lookups per client', async () => {
      const limited = await buildTestApp({
        database: t.database,
        config: {
          rateLimit: { ...(await import('../../test/helpers.js')).testConfig.rateLimit, inviterLookupsPerMinute: 3 },
        },
      });
      try {
        // One after another: the in-memory store answers a burst by its count after the burst (see decisions).
        const codes = [];
        for (let i = 0; i < 4; i++)
          codes.push((await limited.app.inject({ method: 'GET', url: '/api/share/inviter?code=ABCDEFGH' })).statusCode);
        expect(codes).toEqual([404, 404, 404, 429]);
      } finally {
        await limited.close();
      }
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
    const { openDatabase } = await import('../../db/database.js');
    const { listMigrations, migrate } = await import('../../db/migrate.js');
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
