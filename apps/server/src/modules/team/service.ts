import type { Asset, Inviter, Page, ShareInfo, TeamMember, TeamSummary } from '@wallx/shared';
import { shortAddress } from '@wallx/shared';
import type { Db, Trx } from '../../platform/db/database.js';
import { AppError } from '../../platform/errors/app-error.js';
import { pageById, type PageQuery } from '../../platform/pagination/page.js';
import { addDays, dayInZone } from '../../platform/time/days.js';
import type { TeamRepository } from './repository.js';

type Deps = {
  db: Db;
  team: TeamRepository;
  /** Performance days are those of the output time zone, like mining days. */
  timeZone: string;
  /** The origin of invite links; empty: the origin the request came to. */
  publicAppUrl: string;
  now?: () => number;
};

type Viewer = { id: string; address: string };

/**
 * How deep below its root a user may be placed. Every join writes a row per level and locks every
 * team above, so a scripted chain of logins would otherwise make each new login dearer; no real
 * invite chain comes near a hundred levels.
 */
export const MAX_INVITE_DEPTH = 100;

/** Rows a rollup left out would be a team counted wrong for ever: refuse the whole transaction. */
function mustCountAll(what: string, { expected, counted }: { expected: number; counted: number }) {
  if (counted !== expected) throw new Error(`team ${what}: ${counted} of ${expected} stats rows updated`);
}

export function createTeamService({ db, team, timeZone, publicAppUrl, now = Date.now }: Deps) {
  return {
    /** Whether a new user may be placed under this inviter: not past the deepest level. */
    async acceptsInvitee(trx: Trx, inviterId: string): Promise<boolean> {
      return (await team.depthOf(trx, inviterId)) + 1 <= MAX_INVITE_DEPTH;
    },

    /** In the first login's transaction: the user joins its inviter's tree (or starts one). */
    async join(trx: Trx, userId: string, inviterId: string | null): Promise<void> {
      mustCountAll('join', await team.join(trx, userId, inviterId));
    },

    /** In the purchase's transaction: the buyer's own total and every team above it grow. */
    async recordPurchase(trx: Trx, purchase: { userId: string; asset: Asset; amount: string }): Promise<void> {
      const { expected, updated } = await team.addPurchase(trx, {
        userId: purchase.userId,
        usdt: purchase.asset === 'USDT' ? purchase.amount : '0',
        wallx: purchase.asset === 'WALLX' ? purchase.amount : '0',
        day: dayInZone(now(), timeZone),
      });
      mustCountAll('purchase', { expected, counted: updated });
    },

    async shareInfo(user: Viewer, requestOrigin: string): Promise<ShareInfo> {
      const shareCode = await team.shareCode(db, user.id);
      const link = new URL('/join', publicAppUrl || requestOrigin);
      link.searchParams.set('code', shareCode);
      return { share_code: shareCode, link: link.toString() };
    },

    /** Whose a share code is, for the /join page: the address shortened, never whole. */
    async inviter(code: string): Promise<Inviter> {
      const owner = await team.shareCodeOwner(db, code.toUpperCase());
      if (!owner) throw new AppError('share_code_unknown', { field: 'code' });
      return { share_code: owner.share_code, address: shortAddress(owner.address) };
    },

    async summary(viewer: Viewer, of: string | undefined): Promise<TeamSummary> {
      const today = dayInZone(now(), timeZone);
      const row = await team.summary(db, viewer.id, of ?? viewer.address, { today, from: addDays(today, -6) });
      if (!row) throw new AppError('team_member_not_found', { field: 'of' });
      return {
        address: row.address,
        inviter: row.inviter,
        direct_count: row.direct_count,
        team_size: row.team_size,
        today,
        performance: {
          today: { usdt: row.today_usdt, wallx: row.today_wallx },
          last_7_days: { usdt: row.week_usdt, wallx: row.week_wallx },
          all_time: { usdt: row.team_usdt, wallx: row.team_wallx },
        },
      };
    },

    async members(viewer: Viewer, query: PageQuery & { of?: string | undefined }): Promise<Page<TeamMember>> {
      const ofId =
        query.of === undefined || query.of === viewer.address
          ? viewer.id
          : await team.memberId(db, viewer.id, query.of);
      if (!ofId) throw new AppError('team_member_not_found', { field: 'of' });
      const page = await pageById(query, (range) => team.members(db, ofId, range));
      return {
        next_cursor: page.next_cursor,
        items: page.items.map((r) => ({
          address: r.address,
          joined_at: r.created_at.toISOString(),
          direct_count: r.direct_count,
          team_size: r.team_size,
          performance: { usdt: r.usdt, wallx: r.wallx },
        })),
      };
    },

    check: () => team.check(db),
  };
}
export type TeamService = ReturnType<typeof createTeamService>;
