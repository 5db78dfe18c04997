import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, login, newWallet, type TestApp } from '../../test/helpers.js';
import { startTeam, teamHelpers } from './team.fixtures.js';

describe('team', () => {
  let t: TestApp;
  const clock = Date.now();
  let productId: string;
  beforeAll(async () => {
    ({ t, productId } = await startTeam(() => clock));
  });
  afterAll(() => t.close());
  const { get, join, summary } = teamHelpers(() => ({ t, productId }));

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
});
