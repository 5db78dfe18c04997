import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeliveryRequest, ShippingRequest } from '@wallx/shared';
import { api } from '../../../lib/api';
import { invalidateDomains } from '../../../lib/query-keys';

/** Asks for a held physical product to be delivered (to my default address unless one is named). */
export function requestDelivery(request: DeliveryRequest): Promise<{ request: ShippingRequest }> {
  return api.post<{ request: ShippingRequest }>('/api/shipping/delivery', request);
}

export function useRequestDelivery() {
  const queryClient = useQueryClient();
  // Refused or not, the account's one request may now exist; a claimed miner can no longer change hands.
  return useMutation({
    mutationFn: requestDelivery,
    onSettled: () => invalidateDomains(queryClient, ['shipping', 'miners']),
  });
}
