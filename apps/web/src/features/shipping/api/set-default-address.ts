import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeliveryAddress } from '@wallx/shared';
import { api } from '../../../lib/api';
import { invalidateDomains } from '../../../lib/query-keys';

/** Makes an address the default: the account's region, for pick-up points and courses. */
export function setDefaultAddress(id: string): Promise<{ address: DeliveryAddress }> {
  return api.post<{ address: DeliveryAddress }>(`/api/addresses/${encodeURIComponent(id)}/default`);
}

export function useSetDefaultAddress() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setDefaultAddress, onSuccess: () => invalidateDomains(queryClient, ['shipping']) });
}
