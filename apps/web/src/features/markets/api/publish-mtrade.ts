import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MtradeOrder, MtradePublishRequest } from '@wallx/shared';
import { api } from '../../../lib/api';
import { retryUnsettledOnce } from '../../../lib/idempotency-key';
import { invalidateAfterTrade } from './invalidate-after-trade';

export type PublishMtradeVariables = { request: MtradePublishRequest; idempotencyKey: string };

/** Lists one of my off miners for sale; it is `selling` until the order ends. */
export function publishMtrade({ request, idempotencyKey }: PublishMtradeVariables): Promise<{ order: MtradeOrder }> {
  return api.post<{ order: MtradeOrder }>('/api/mtrade/orders', request, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function usePublishMtrade() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishMtrade,
    retry: retryUnsettledOnce,
    onSuccess: () => invalidateAfterTrade(queryClient),
  });
}
