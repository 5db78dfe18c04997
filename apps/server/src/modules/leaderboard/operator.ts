import { PAGE_SIZE, type OperatorLeaderboard, type OperatorNickname } from '@wallx/shared';
import { recordAudit } from '../../kernel/audit/audit.js';
import { refuseOwnUser } from '../../kernel/audit/own-account.js';
import type { Db } from '../../platform/db/database.js';
import { transaction } from '../../platform/db/transaction.js';
import { AppError } from '../../platform/errors/app-error.js';
import type { LeaderboardRepository } from './repository.js';
import { shownName, type LeaderboardService } from './service.js';

type Deps = { db: Db; repository: LeaderboardRepository; board: LeaderboardService };

/**
 * The console's board (issue 47): the places with their addresses and nicknames, and what a closed
 * week paid. Nothing of anyone's check-ins is read here — the board's table holds only day counts.
 */
export function createLeaderboardOperations({ db, repository, board }: Deps) {
  async function nicknameOf(address: string): Promise<OperatorNickname> {
    const userId = await repository.userByAddress(db, address);
    if (!userId) throw new AppError('user_not_found', { field: 'user' });
    const profile = await repository.profile(db, userId);
    return {
      user: address.toLowerCase(),
      nickname: profile?.nickname ?? null,
      on_board: profile?.on_board ?? true,
      hidden: profile?.hidden ?? false,
      hidden_reason: profile?.hidden_reason ?? null,
    };
  }

  /** Hides or shows again a user's nickname; the board then shows their shortened address. Audited. */
  async function setHidden(
    operator: string,
    address: string,
    hide: { reason: string } | null,
  ): Promise<OperatorNickname> {
    await transaction(db, async (trx) => {
      const userId = await repository.userByAddress(trx, address);
      if (!userId) throw new AppError('user_not_found', { field: 'user' });
      await refuseOwnUser(trx, operator, userId, 'user');
      const before = await repository.profile(trx, userId, { lock: true });
      await repository.setHidden(trx, userId, hide ? { by: operator, reason: hide.reason } : null);
      await recordAudit(trx, {
        operator,
        action: hide ? 'leaderboard.nickname_hide' : 'leaderboard.nickname_unhide',
        subjectType: 'user',
        subjectId: userId,
        detail: {
          before: { nickname: before?.nickname ?? null, hidden: before?.hidden ?? false },
          after: { hidden: hide !== null },
          ...(hide ? { reason: hide.reason } : {}),
        },
      });
    });
    return nicknameOf(address);
  }

  return {
    async board(query: { week?: string | undefined; page: number }): Promise<OperatorLeaderboard> {
      const week = await board.weekBoard(query);
      return {
        week: week.week,
        ends: week.ends,
        closed: week.closed,
        page: week.page,
        page_size: PAGE_SIZE,
        total: week.total,
        prizes: week.prizes,
        items: week.rows.map((row) => ({
          rank: row.rank,
          name: shownName(row),
          days: row.days,
          streak: row.streak,
          prize: row.prize,
          user: row.address,
          nickname: row.nickname,
          hidden: row.hidden,
        })),
        payouts: week.recorded.map((prize) => ({
          rank: prize.rank,
          user: prize.address,
          amount: prize.amount,
          paid: prize.paid,
          reason: prize.skip_reason,
        })),
      };
    },

    hide: (operator: string, address: string, reason: string) => setHidden(operator, address, { reason }),
    unhide: (operator: string, address: string) => setHidden(operator, address, null),
  };
}
export type LeaderboardOperations = ReturnType<typeof createLeaderboardOperations>;
