import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { OrderOf } from './get-market-orders';
import { invalidateAfterTrade } from './invalidate-after-trade';
import type { Market } from './page';

/** Cancels my pending sell order: the miner is off again, or the WALLX in escrow come back. */
export function cancelOrder<M extends Market>(market: M, id: string): Promise<{ order: OrderOf<M> }> {
  return api.post<{ order: OrderOf<M> }>(`/api/${market}/orders/${encodeURIComponent(id)}/cancel`);
}

export function useCancelOrder<M extends Market>(market: M) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => cancelOrder(market, id),
    onSettled: () => invalidateAfterTrade(queryClient),
  });
}
