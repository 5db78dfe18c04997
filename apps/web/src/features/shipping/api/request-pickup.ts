import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PickupRequest, ShippingRequest } from '@wallx/shared';
import { api } from '../../../lib/api';
import { invalidateDomains } from '../../../lib/query-keys';

/** Asks to pick up a held physical product at a point of my region: a voucher with a one-time code. */
export function requestPickup(request: PickupRequest): Promise<{ request: ShippingRequest }> {
  return api.post<{ request: ShippingRequest }>('/api/shipping/pickup', request);
}

export function useRequestPickup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestPickup,
    onSettled: () => invalidateDomains(queryClient, ['shipping', 'miners']),
  });
}
