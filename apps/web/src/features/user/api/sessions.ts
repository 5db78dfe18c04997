import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Session } from '@wallx/shared';
import { api } from '../../../lib/api';
import { queryRoots } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session-store';

/** My live login sessions; what an account sees carries its address. */
const sessionsKey = (account: string) => [...queryRoots.user, 'sessions', account] as const;

export function sessionsQueryOptions(account: string) {
  return queryOptions({
    queryKey: sessionsKey(account),
    queryFn: ({ signal }) => api.get<{ items: Session[] }>('/api/user/sessions', { signal }),
  });
}

export function useSessions() {
  const account = useSession((s) => s.userinfo?.bsc ?? '');
  return useQuery({ ...sessionsQueryOptions(account), enabled: account !== '' });
}

/** Ends one session, or every other one; the list is read again either way. */
export function useEndSessions() {
  const queryClient = useQueryClient();
  const account = useSession((s) => s.userinfo?.bsc ?? '');
  const refresh = () => queryClient.invalidateQueries({ queryKey: sessionsKey(account) });
  const endOne = useMutation({
    mutationFn: (id: string) => api.post<null>(`/api/user/sessions/${encodeURIComponent(id)}/end`),
    onSettled: refresh,
  });
  const endOthers = useMutation({
    mutationFn: () => api.post<{ ended: number }>('/api/user/sessions/end_others'),
    onSettled: refresh,
  });
  return { endOne, endOthers };
}
