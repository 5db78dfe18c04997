import { useQuery } from '@tanstack/react-query';
import type { OperatorLeaderboard } from '@wallx/shared';
import { api } from '../../../lib/api';
import { useAuditedMutation } from '../../../lib/audited-mutation';
import { wellbeingKeys } from './keys';

/** The weekly board as operators read it: addresses and nicknames, days and streaks, what a closed week paid; never a mood. */
export type OperatorBoard = OperatorLeaderboard;
export type OperatorBoardRow = OperatorLeaderboard['items'][number];

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
