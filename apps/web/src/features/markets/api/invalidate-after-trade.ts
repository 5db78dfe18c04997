import type { QueryClient } from '@tanstack/react-query';
import { invalidateDomains } from '../../../lib/query-keys';

/**
 * A buy, a publish or a cancel moves money or a miner: every list that shows them is stale, the
 * physical products held to ship too (a miner listed for sale is not held).
 */
export function invalidateAfterTrade(queryClient: QueryClient): void {
  invalidateDomains(queryClient, ['user', 'funds', 'miners', 'markets', 'shipping']);
}
