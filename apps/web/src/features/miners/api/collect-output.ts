import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CollectResult } from '@wallx/shared';
import { api } from '../../../lib/api';
import { retryUnsettledOnce } from '../../../lib/idempotency-key';
import { session } from '../../../lib/session-store';
import { invalidateDomains } from '../../../lib/query-keys';

/** `outputId` undefined: every output record waiting. */
export type CollectOutputVariables = { outputId: string | undefined; idempotencyKey: string };

/** One output record, or every one waiting, into the WALLX balance; the key makes a retry collect once. */
export function collectOutput({ outputId, idempotencyKey }: CollectOutputVariables): Promise<CollectResult> {
  const path =
    outputId === undefined
      ? '/api/miners/outputs/collect_all'
      : `/api/miners/outputs/${encodeURIComponent(outputId)}/collect`;
  return api.post<CollectResult>(path, undefined, { headers: { 'Idempotency-Key': idempotencyKey } });
}

export function useCollectOutput() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: collectOutput,
    retry: retryUnsettledOnce,
    onSuccess: ({ balance }) => {
      const current = session.getState().balance;
      session.updateAccount({ balance: { ...current, wallx: balance.wallx } });
      invalidateDomains(queryClient, ['user', 'funds', 'miners']);
    },
  });
}
