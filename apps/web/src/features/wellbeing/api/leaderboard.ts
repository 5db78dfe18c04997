import { queryOptions, useMutation, useQueryClient, keepPreviousData } from '@tanstack/react-query';
import type { Leaderboard, LeaderboardProfile } from '@wallx/shared';
import { api } from '../../../lib/api';
import { useAccountKey, useAccountQuery } from '../../../lib/account-query';
import { wellbeingKeys } from './keys';

/** `week` is a Monday (YYYY-MM-DD), or '' for this week. */
export function getLeaderboard(week: string, page: number, signal?: AbortSignal): Promise<Leaderboard> {
  return api.get<Leaderboard>('/api/leaderboard', {
    query: { ...(week && { week }), page },
    ...(signal && { signal }),
  });
}

export function useLeaderboard(week: string, page: number) {
  return useAccountQuery((account) =>
    queryOptions({
      queryKey: wellbeingKeys.board(account, week, page),
      queryFn: ({ signal }) => getLeaderboard(week, page, signal),
      // Paging keeps the rows on screen until the next page arrives.
      placeholderData: keepPreviousData,
    }),
  );
}

export function getProfile(signal?: AbortSignal): Promise<LeaderboardProfile> {
  return api.get<LeaderboardProfile>('/api/leaderboard/profile', signal ? { signal } : {});
}

export function useProfile() {
  return useAccountQuery((account) =>
    queryOptions({ queryKey: wellbeingKeys.profile(account), queryFn: ({ signal }) => getProfile(signal) }),
  );
}

function useProfileChange<V>(change: (variables: V) => Promise<LeaderboardProfile>) {
  const queryClient = useQueryClient();
  const account = useAccountKey();
  return useMutation({
    mutationFn: change,
    onSuccess: (profile) => {
      queryClient.setQueryData(wellbeingKeys.profile(account), profile);
      // The board shows the new name, or no longer shows me.
      void queryClient.invalidateQueries({ queryKey: [...wellbeingKeys.account(account), 'board'] });
    },
  });
}

/** Joins the board (or stays on it) under a nickname, or under the shortened address with null. */
export function useSaveProfile() {
  return useProfileChange((nickname: string | null) =>
    api.put<LeaderboardProfile>('/api/leaderboard/profile', { nickname }),
  );
}

export function useLeaveBoard() {
  return useProfileChange(() => api.delete<LeaderboardProfile>('/api/leaderboard/profile'));
}
