import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeliveryAddress, DeliveryAddressInput } from '@wallx/shared';
import { api } from '../../../lib/api';
import { invalidateDomains } from '../../../lib/query-keys';

/** Adds an address; the first one becomes the default (and so the account's region). */
export function createAddress(input: DeliveryAddressInput): Promise<{ address: DeliveryAddress }> {
  return api.post<{ address: DeliveryAddress }>('/api/addresses', input);
}

export function useCreateAddress() {
  const queryClient = useQueryClient();
  // The default address is the region: pick-up points follow it.
  return useMutation({ mutationFn: createAddress, onSuccess: () => invalidateDomains(queryClient, ['shipping']) });
}
