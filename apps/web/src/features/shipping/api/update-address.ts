import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeliveryAddress, DeliveryAddressInput } from '@wallx/shared';
import { api } from '../../../lib/api';
import { invalidateDomains } from '../../../lib/query-keys';

export type UpdateAddressVariables = { id: string; input: DeliveryAddressInput };

export function updateAddress({ id, input }: UpdateAddressVariables): Promise<{ address: DeliveryAddress }> {
  return api.request<{ address: DeliveryAddress }>(`/api/addresses/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body: input,
  });
}

export function useUpdateAddress() {
  const queryClient = useQueryClient();
  // Editing the default address may move the account to another region.
  return useMutation({ mutationFn: updateAddress, onSuccess: () => invalidateDomains(queryClient, ['shipping']) });
}
