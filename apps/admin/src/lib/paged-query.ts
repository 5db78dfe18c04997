import { infiniteQueryOptions, useInfiniteQuery, type QueryKey } from '@tanstack/react-query';
import { CONSOLE_PAGE_SIZE, type Page, type Query } from '@wallx/shared';
import { api } from './api';

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
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) =>
      api.get<Page<T>>(path, { query: { limit, ...query, cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: Page<T>) => last.next_cursor ?? undefined,
  });
}

/** `pagedQueryOptions` in a component. */
export function usePagedQuery<T>(...args: Parameters<typeof pagedQueryOptions<T>>) {
  return useInfiniteQuery(pagedQueryOptions<T>(...args));
}

/** The rows of the pages loaded so far. */
export function rowsOf<T>(list: { data?: { pages: Array<Page<T>> } }): T[] {
  return list.data?.pages.flatMap((page) => page.items) ?? [];
}
