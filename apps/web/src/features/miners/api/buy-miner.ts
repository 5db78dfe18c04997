import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BuyMinerRequest, BuyMinerResult } from '@wallx/shared';
import { api } from '../../../lib/api';
import { retryUnsettledOnce } from '../../../lib/idempotency-key';
import { session } from '../../../lib/session-store';
import { invalidateDomains } from '../../../lib/query-keys';

export type BuyMinerVariables = { request: BuyMinerRequest; idempotencyKey: string };

/** Buys (USDT) or exchanges (WALLX) miners; the key makes a repeated request pay once. */
export function buyMiner({ request, idempotencyKey }: BuyMinerVariables): Promise<BuyMinerResult> {
  return api.post<BuyMinerResult>('/api/miners/buy', request, { headers: { 'Idempotency-Key': idempotencyKey } });
}

export function useBuyMiner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: buyMiner,
    // An unanswered request may have paid already; once more with the same key is safe.
    retry: retryUnsettledOnce,
    onSuccess: ({ balance }) => {
      // The answer carries the new balance: every screen shows it at once. A purchase is team
      // performance too, for everyone above the buyer, and a physical one is held to ship.
      session.updateAccount({ balance });
      invalidateDomains(queryClient, ['user', 'funds', 'miners', 'team', 'shipping']);
    },
  });
}
