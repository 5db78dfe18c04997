import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { retryUnsettledOnce } from '../../../lib/idempotency-key';
import type { OrderOf } from './get-market-orders';
import { invalidateAfterTrade } from './invalidate-after-trade';
import type { Market } from './keys';

export type CancelOrderVariables = { id: string; idempotencyKey: string };

/** Cancels my pending sell order: the miner is off again, or the WALLX in escrow come back. */
export function cancelOrder<M extends Market>(
  market: M,
  { id, idempotencyKey }: CancelOrderVariables,
): Promise<{ order: OrderOf<M> }> {
  return api.post<{ order: OrderOf<M> }>(`/api/${market}/orders/${encodeURIComponent(id)}/cancel`, undefined, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function useCancelOrder<M extends Market>(market: M) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: CancelOrderVariables) => cancelOrder(market, variables),
    retry: retryUnsettledOnce,
    onSettled: () => invalidateAfterTrade(queryClient),
  });
}
