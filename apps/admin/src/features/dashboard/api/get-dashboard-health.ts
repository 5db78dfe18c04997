import { useQuery } from '@tanstack/react-query';
import type { DashboardHealth } from '@wallx/shared';
import { api } from '../../../lib/api';
import { dashboardKeys } from './get-dashboard';

export const dashboardHealthKey = [...dashboardKeys.all, 'health'] as const;

/** The scanner, the payout queue and the last 30 days, refreshed with the rest of the page. */
export function useDashboardHealth() {
  return useQuery({
    queryKey: dashboardHealthKey,
    queryFn: ({ signal }) => api.get<DashboardHealth>('/api/admin/dashboard/health', { signal }),
    refetchInterval: 60_000,
  });
}
