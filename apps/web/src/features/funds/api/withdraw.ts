import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Withdrawal, WithdrawalRequest } from '@wallx/shared';
import { api } from '../../../lib/api';
import { retryUnsettledOnce } from '../../../lib/idempotency-key';
import { invalidateDomains, MONEY_DOMAINS } from '../../../lib/query-keys';

export type WithdrawalResult = { withdrawal: Withdrawal };
export type WithdrawalVariables = { request: WithdrawalRequest; idempotencyKey: string };

/** Asks for a payout to the user's own address. The key makes a repeated request withdraw once. */
export function withdraw({ request, idempotencyKey }: WithdrawalVariables): Promise<WithdrawalResult> {
  return api.post<WithdrawalResult>('/api/funds/withdraw', request, { headers: { 'Idempotency-Key': idempotencyKey } });
}

export function useWithdraw() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdraw,
    // No answer may still mean the money left; once more with the same key is safe.
    retry: retryUnsettledOnce,
    onSuccess: () => invalidateDomains(queryClient, MONEY_DOMAINS),
  });
}
