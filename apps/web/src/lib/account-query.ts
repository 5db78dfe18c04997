import { useInfiniteQuery, useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { getPage as getClientPage, pagedQueryOptions } from '@wallx/client';
import { PAGE_SIZE, type Page, type Query } from '@wallx/shared';
import { api } from './api';
import { isLoggedIn, useSession } from './session-store';

export { pagedQueryOptions };

/** One page of a cursor-paged list of the API, `PAGE_SIZE` rows at a time. */
export function getPage<T>(
  path: string,
  params: Query,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<Page<T>> {
  return getClientPage<T>(api, path, { limit: PAGE_SIZE, ...params }, cursor, signal);
}

/** The signed-in account's address as keys hold it, so one wallet never sees another's cache. */
export function useAccountKey(): string {
  return useSession((s) => s.userinfo?.bsc.toLowerCase() ?? '');
}

/** A paged list of the signed-in account: keyed by its address, idle while logged out. */
export function useAccountPagedQuery<T, K extends QueryKey>(
  options: (account: string) => ReturnType<typeof pagedQueryOptions<T, K>>,
) {
  const account = useAccountKey();
  const loggedIn = useSession(isLoggedIn);
  return useInfiniteQuery({ ...options(account), enabled: loggedIn });
}

/** A query of the signed-in account: keyed by its address, idle while logged out. */
export function useAccountQuery<T, K extends QueryKey>(options: (account: string) => UseQueryOptions<T, Error, T, K>) {
  const account = useAccountKey();
  const loggedIn = useSession(isLoggedIn);
  return useQuery({ ...options(account), enabled: loggedIn });
}
