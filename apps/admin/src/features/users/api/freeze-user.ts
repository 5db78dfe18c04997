import type { FreezeRequest, OperatorUser } from '@wallx/shared';
import { api } from '../../../lib/api';
import { useAuditedMutation } from '../../../lib/audited-mutation';
import { userKeys } from './keys';

export function freezeUser(id: string, request: FreezeRequest): Promise<OperatorUser> {
  return api
    .post<{ user: OperatorUser }>(`/api/admin/users/${encodeURIComponent(id)}/freeze`, request)
    .then((result) => result.user);
}

export function useFreezeUser() {
  // The flag shows in the list and the detail; the audit log gains a row.
  return useAuditedMutation(
    ({ id, request }: { id: string; request: FreezeRequest }) => freezeUser(id, request),
    [userKeys.all],
  );
}
