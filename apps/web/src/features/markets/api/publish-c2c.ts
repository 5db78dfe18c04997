import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { C2cOrder, C2cPublishRequest } from '@wallx/shared';
import { api } from '../../../lib/api';
import { retryUnsettledOnce } from '../../../lib/idempotency-key';
import { invalidateAfterTrade } from './invalidate-after-trade';

export type PublishC2cVariables = { request: C2cPublishRequest; idempotencyKey: string };

/** Offers WALLX for USDT; the amount and the fee go to escrow at once. */
export function publishC2c({ request, idempotencyKey }: PublishC2cVariables): Promise<{ order: C2cOrder }> {
  return api.post<{ order: C2cOrder }>('/api/c2c/orders', request, { headers: { 'Idempotency-Key': idempotencyKey } });
}

export function usePublishC2c() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishC2c,
    retry: retryUnsettledOnce,
    onSuccess: () => invalidateAfterTrade(queryClient),
  });
}
