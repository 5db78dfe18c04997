import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Market } from '@wallx/shared';
import { api } from '../../../lib/api';
import { queryRoots } from '../../../lib/query-keys';
import type { MarketOrder } from './get-market-orders';
import { marketKeys } from './keys';

export function cancelOrder(market: Market, id: string, reason: string): Promise<MarketOrder> {
  return api
    .post<{ order: MarketOrder }>(`/api/admin/markets/${market}/orders/${encodeURIComponent(id)}/cancel`, { reason })
    .then((result) => result.order);
}

export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ market, id, reason }: { market: Market; id: string; reason: string }) =>
      cancelOrder(market, id, reason),
    // The order leaves 'pending', escrow moves (the dashboard), and an audit row is written.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: marketKeys.all }),
        queryClient.invalidateQueries({ queryKey: queryRoots.dashboard }),
        queryClient.invalidateQueries({ queryKey: queryRoots.audit }),
      ]),
  });
}
