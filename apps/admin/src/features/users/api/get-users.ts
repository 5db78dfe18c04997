import { useInfiniteQuery } from '@tanstack/react-query';
import type { OperatorUser, Page } from '@wallx/shared';
import { api } from '../../../lib/api';
import { userKeys } from './keys';

/** The server's filters as the address keeps them; '' is no filter. */
export type UserFilters = { q: string; frozen: '' | 'true' | 'false'; validator: '' | 'true' | 'false' };

export const USERS_PAGE_SIZE = 50;

export function getUsers(
  filters: UserFilters,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<Page<OperatorUser>> {
  return api.get<Page<OperatorUser>>('/api/admin/users', {
    query: { limit: USERS_PAGE_SIZE, cursor, ...filters },
    signal,
  });
}

export function useUsers(filters: UserFilters) {
  return useInfiniteQuery({
    queryKey: userKeys.list(filters),
    queryFn: ({ pageParam, signal }) => getUsers(filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}
