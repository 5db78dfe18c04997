import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { invalidateDomains } from '../../../lib/query-keys';

/** Deletes one of my addresses; when it was the default, the newest one left becomes it. */
export function deleteAddress(id: string): Promise<unknown> {
  return api.request(`/api/addresses/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteAddress() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteAddress, onSettled: () => invalidateDomains(queryClient, ['shipping']) });
}
