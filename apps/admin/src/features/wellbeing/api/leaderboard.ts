import { useQuery } from '@tanstack/react-query';
import type { PrizeSkipReason } from '@wallx/shared';
import { api } from '../../../lib/api';
import { useAuditedMutation } from '../../../lib/audited-mutation';
import { wellbeingKeys } from './keys';

/**
 * The weekly board as operators read it (`operatorLeaderboardSchema` in @wallx/shared): addresses and
 * nicknames, days and streaks, what a closed week paid; never a mood. Written out here because the
 * shared package names no type for it yet.
 */
export type OperatorBoardRow = {
  rank: number;
  name: string;
  days: number;
  streak: number;
  prize: string | null;
  user: string;
  nickname: string | null;
  hidden: boolean;
};
export type OperatorBoard = {
  week: string;
  ends: string;
  closed: boolean;
  page: number;
  page_size: number;
  total: number;
  prizes: string[];
  items: OperatorBoardRow[];
  payouts: { rank: number; user: string; amount: string; paid: boolean; reason: PrizeSkipReason | null }[];
};

/** The board's console routes (the leaderboard module's). */
export const LEADERBOARD_PATH = '/api/admin/leaderboard';

/** No week: this week (its Monday in the check-in zone). */
export function useOperatorBoard(query: { week?: string; page: number }) {
  return useQuery({
    queryKey: wellbeingKeys.leaderboard(query),
    queryFn: ({ signal }) => api.get<OperatorBoard>(LEADERBOARD_PATH, { query, signal }),
  });
}

/** Hiding a nickname that abuses the board (the board shows the shortened address instead), or showing it again. */
export function useNicknameVisibility() {
  return useAuditedMutation(
    ({ user, hide, reason }: { user: string; hide: boolean; reason?: string }) =>
      api.post<unknown>(
        `${LEADERBOARD_PATH}/nicknames/${encodeURIComponent(user)}/${hide ? 'hide' : 'unhide'}`,
        hide ? { reason } : undefined,
      ),
    [[...wellbeingKeys.all, 'leaderboard']],
  );
}
