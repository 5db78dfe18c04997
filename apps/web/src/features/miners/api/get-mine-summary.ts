import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MineSummary } from '@wallx/shared';
import { api } from '../../../lib/api';
import { isLoggedIn, useSession } from '../../../lib/session-store';

export function getMineSummary(signal?: AbortSignal): Promise<MineSummary> {
  return api.get<MineSummary>('/api/miners/summary', signal ? { signal } : {});
}

export const mineSummaryQueryKey = ['miners', 'summary'] as const;

export function mineSummaryQueryOptions(address: string) {
  return queryOptions({
    queryKey: [...mineSummaryQueryKey, address.toLowerCase()],
    queryFn: ({ signal }) => getMineSummary(signal),
  });
}

export function useMineSummary() {
  const address = useSession((s) => s.userinfo?.bsc ?? '');
  const loggedIn = useSession(isLoggedIn);
  return useQuery({ ...mineSummaryQueryOptions(address), enabled: loggedIn });
}
