import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Transfer, TransferRequest } from '@wallx/shared';
import { api } from '../../../lib/api';
import { retryUnsettledOnce } from '../../../lib/idempotency-key';
import { invalidateDomains, MONEY_DOMAINS } from '../../../lib/query-keys';

export type TransferResult = { transfer: Transfer };
export type TransferVariables = { request: TransferRequest; idempotencyKey: string };

/** Moves whole units to another registered user. The key makes a repeated request move money once. */
export function transfer({ request, idempotencyKey }: TransferVariables): Promise<TransferResult> {
  return api.post<TransferResult>('/api/funds/transfer', request, { headers: { 'Idempotency-Key': idempotencyKey } });
}

export function useTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: transfer,
    // A request that got no answer may have moved the money already; trying again once with the
    // same key is safe because the server then replays its first answer.
    retry: retryUnsettledOnce,
    onSuccess: () => invalidateDomains(queryClient, MONEY_DOMAINS),
  });
}
