import type { Market } from '@wallx/shared';
import { api } from '../../../lib/api';
import { useAuditedMutation } from '../../../lib/audited-mutation';
import { queryRoots } from '../../../lib/query-keys';
import type { MarketOrder } from './get-market-orders';
import { marketKeys } from './keys';

export function cancelOrder(market: Market, id: string, reason: string): Promise<MarketOrder> {
  return api
    .post<{ order: MarketOrder }>(`/api/admin/markets/${market}/orders/${encodeURIComponent(id)}/cancel`, { reason })
    .then((result) => result.order);
}

export function useCancelOrder() {
  // The order leaves 'pending', escrow moves (the dashboard), and an audit row is written.
  return useAuditedMutation(
    ({ market, id, reason }: { market: Market; id: string; reason: string }) => cancelOrder(market, id, reason),
    [marketKeys.all, queryRoots.dashboard],
  );
}
