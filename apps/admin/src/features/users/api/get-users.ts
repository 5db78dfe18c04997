import type { OperatorUser } from '@wallx/shared';
import { usePagedQuery } from '../../../lib/paged-query';
import { userKeys } from './keys';

/** The server's filters as the address keeps them; '' is no filter. */
export type UserFilters = { q: string; frozen: '' | 'true' | 'false'; validator: '' | 'true' | 'false' };

export function useUsers(filters: UserFilters) {
  return usePagedQuery<OperatorUser>(userKeys.list(filters), '/api/admin/users', filters);
}
