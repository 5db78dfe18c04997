import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FreezeRequest, OperatorUser } from '@wallx/shared';
import { api } from '../../../lib/api';
import { queryRoots } from '../../../lib/query-keys';
import { userKeys } from './keys';

export function freezeUser(id: string, request: FreezeRequest): Promise<OperatorUser> {
  return api
    .post<{ user: OperatorUser }>(`/api/admin/users/${encodeURIComponent(id)}/freeze`, request)
    .then((result) => result.user);
}

export function useFreezeUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, request }: { id: string; request: FreezeRequest }) => freezeUser(id, request),
    // The flag shows in the list and the detail; the audit log gains a row.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeys.all }),
        queryClient.invalidateQueries({ queryKey: queryRoots.audit }),
      ]),
  });
}
