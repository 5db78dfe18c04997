import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RechargeConfig } from '@wallx/shared';
import { api } from '../../../lib/api';

/** The chain, the token contracts and the platform's deposit address. */
export function getRechargeConfig(signal?: AbortSignal): Promise<RechargeConfig> {
  return api.get<RechargeConfig>('/api/funds/recharge/config', signal ? { signal } : {});
}

export const rechargeConfigQueryOptions = queryOptions({
  queryKey: ['chain-funds', 'recharge-config'] as const,
  queryFn: ({ signal }) => getRechargeConfig(signal),
  // Changes only with a new deployment.
  staleTime: 10 * 60_000,
});

export function useRechargeConfig() {
  return useQuery(rechargeConfigQueryOptions);
}
