import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MarketBuyRequest } from '@wallx/shared';
import { api } from '../../../lib/api';
import { retryUnsettledOnce } from '../../../lib/idempotency-key';
import type { OrderOf } from './get-market-orders';
import { invalidateAfterTrade } from './invalidate-after-trade';
import type { Market } from './keys';

export type BuyOrderVariables = { id: string; request: MarketBuyRequest; idempotencyKey: string };

/** Takes a whole sell order with the fund password; the key makes a repeated request pay once. */
export function buyOrder<M extends Market>(
  market: M,
  { id, request, idempotencyKey }: BuyOrderVariables,
): Promise<{ order: OrderOf<M> }> {
  return api.post<{ order: OrderOf<M> }>(`/api/${market}/orders/${encodeURIComponent(id)}/buy`, request, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function useBuyOrder<M extends Market>(market: M) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: BuyOrderVariables) => buyOrder(market, variables),
    // An unanswered request may have paid already; once more with the same key is safe.
    retry: retryUnsettledOnce,
    // A refusal (someone else was faster, not enough USDT) also means the list is out of date.
    onSettled: () => invalidateAfterTrade(queryClient),
  });
}
