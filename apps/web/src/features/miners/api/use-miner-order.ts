import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Miner } from '@wallx/shared';
import { api } from '../../../lib/api';
import { invalidateDomains } from '../../../lib/query-keys';

/** Places the miner of an unused order in "my mine", switched off. */
export function applyOrder(orderId: string): Promise<{ miner: Miner }> {
  return api.post<{ miner: Miner }>(`/api/miners/orders/${encodeURIComponent(orderId)}/use`);
}

export function useApplyOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyOrder,
    // A physical product is then held as a miner, no longer as an order (shipping's holdings).
    onSuccess: () => invalidateDomains(queryClient, ['miners', 'shipping']),
  });
}
