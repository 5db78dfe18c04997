import type { QueryClient } from '@tanstack/react-query';
import { userInfoQueryKey } from '../../../lib/user-info';
import { fundRecordsQueryKey, marketsQueryKey, minersQueryKey } from './page';

/** A buy, a publish or a cancel moves money or a miner: every list that shows them is stale. */
export function invalidateAfterTrade(queryClient: QueryClient): void {
  for (const queryKey of [userInfoQueryKey, marketsQueryKey, minersQueryKey, fundRecordsQueryKey]) {
    void queryClient.invalidateQueries({ queryKey });
  }
}
