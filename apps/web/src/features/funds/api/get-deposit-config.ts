import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DepositConfig } from '@wallx/shared';
import { api } from '../../../lib/api';
import { fundsKeys } from './keys';

/** The chain, the token contracts and the platform's deposit address. */
export function getDepositConfig(signal?: AbortSignal): Promise<DepositConfig> {
  return api.get<DepositConfig>('/api/funds/recharge/config', signal ? { signal } : {});
}

export const depositConfigQueryOptions = queryOptions({
  queryKey: fundsKeys.depositConfig(),
  queryFn: ({ signal }) => getDepositConfig(signal),
  // Changes only with a new deployment.
  staleTime: 10 * 60_000,
});

export function useDepositConfig() {
  return useQuery(depositConfigQueryOptions);
}
