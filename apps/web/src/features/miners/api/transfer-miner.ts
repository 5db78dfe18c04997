import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MinerTransferRequest } from '@wallx/shared';
import { api } from '../../../lib/api';
import { retryUnsettledOnce } from '../../../lib/idempotency-key';
import { invalidateDomains } from '../../../lib/query-keys';

export type TransferMinerVariables = { minerId: string; request: MinerTransferRequest; idempotencyKey: string };
export type TransferMinerResult = { miner_id: string; to: string };

/** Gives a switched-off miner to another registered user; the key makes a retry move it once. */
export function transferMiner({
  minerId,
  request,
  idempotencyKey,
}: TransferMinerVariables): Promise<TransferMinerResult> {
  return api.post<TransferMinerResult>(`/api/miners/${encodeURIComponent(minerId)}/transfer`, request, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function useTransferMiner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: transferMiner,
    retry: retryUnsettledOnce,
    // A physical miner given away is no longer held to ship.
    onSuccess: () => invalidateDomains(queryClient, ['miners', 'shipping']),
  });
}
