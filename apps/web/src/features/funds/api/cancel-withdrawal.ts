import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Withdrawal } from '@wallx/shared';
import { api } from '../../../lib/api';
import { retryUnsettledOnce } from '../../../lib/idempotency-key';
import { invalidateDomains, MONEY_DOMAINS } from '../../../lib/query-keys';

export type CancelWithdrawalVariables = { id: string; idempotencyKey: string };

/** Takes back my withdrawal while it awaits review: amount and fee come back to the balance. */
export function cancelWithdrawal({
  id,
  idempotencyKey,
}: CancelWithdrawalVariables): Promise<{ withdrawal: Withdrawal }> {
  return api.post<{ withdrawal: Withdrawal }>(`/api/funds/withdrawals/${encodeURIComponent(id)}/cancel`, undefined, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function useCancelWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelWithdrawal,
    // No answer may still mean it was cancelled; once more with the same key is safe.
    retry: retryUnsettledOnce,
    // A refusal (approved meanwhile) also means the list is stale.
    onSettled: () => invalidateDomains(queryClient, MONEY_DOMAINS),
  });
}
