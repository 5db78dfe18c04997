import { useInfiniteQuery, type QueryKey } from '@tanstack/react-query';
import { getPage, pagedQueryOptions as clientPagedQueryOptions } from '@wallx/client';
import { CONSOLE_PAGE_SIZE, type Query } from '@wallx/shared';
import { api } from './api';

export { rowsOf } from '@wallx/client';

/**
 * The infinite query of a cursor-paged list of the console's API: the filters go to the server,
 * each page asks for the cursor the previous one gave. The key is the list's own, so a mutation
 * refreshes the list by invalidating it.
 */
export function pagedQueryOptions<T>(
  queryKey: QueryKey,
  path: string,
  query: Query = {},
  limit: number = CONSOLE_PAGE_SIZE,
) {
  return clientPagedQueryOptions(queryKey, (cursor, signal) =>
    getPage<T>(api, path, { limit, ...query }, cursor, signal),
  );
}

/** `pagedQueryOptions` in a component. */
export function usePagedQuery<T>(...args: Parameters<typeof pagedQueryOptions<T>>) {
  return useInfiniteQuery(pagedQueryOptions<T>(...args));
}
