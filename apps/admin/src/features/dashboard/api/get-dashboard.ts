import { useQuery } from '@tanstack/react-query';
import type { Dashboard } from '@wallx/shared';
import { api } from '../../../lib/api';
import { queryRoots } from '../../../lib/query-keys';

export const dashboardKeys = { all: queryRoots.dashboard };

export function getDashboard(signal?: AbortSignal): Promise<Dashboard> {
  return api.get<Dashboard>('/api/admin/dashboard', { signal });
}

/** Refreshed every minute while open: the figures of the day move, and the chain with them. */
export function useDashboard() {
  return useQuery({
    queryKey: dashboardKeys.all,
    queryFn: ({ signal }) => getDashboard(signal),
    refetchInterval: 60_000,
  });
}
