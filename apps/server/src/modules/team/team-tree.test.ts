import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, newWallet, type TestApp } from '../../test/helpers.js';
import { createUserRepository } from '../../kernel/users/repository.js';
import { createTeamRepository } from './repository.js';
import { MAX_INVITE_DEPTH } from './service.js';
import { startTeam, teamHelpers } from './team.fixtures.js';

describe('team', () => {
  let t: TestApp;
  const clock = Date.now();
  let productId: string;
  beforeAll(async () => {
    ({ t, productId } = await startTeam(() => clock));
  });
  afterAll(() => t.close());
  const { join, summary, teamCheck } = teamHelpers(() => ({ t, productId }));

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
});
