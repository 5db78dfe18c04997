import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MarketConfig } from '@wallx/shared';
import { api } from '../../../lib/api';
import { isLoggedIn, useSession } from '../../../lib/session-store';
import { marketsKeys } from './keys';

/** The fee rates in force, shown by the publish forms before the user commits. */
export function getMarketConfig(signal?: AbortSignal): Promise<MarketConfig> {
  return api.get<MarketConfig>('/api/markets/config', signal ? { signal } : {});
}

export function marketConfigQueryOptions() {
  return queryOptions({
    queryKey: marketsKeys.config(),
    queryFn: ({ signal }) => getMarketConfig(signal),
    staleTime: 5 * 60_000,
  });
}

export function useMarketConfig() {
  const loggedIn = useSession(isLoggedIn);
  return useQuery({ ...marketConfigQueryOptions(), enabled: loggedIn });
}
