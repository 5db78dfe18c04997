import { infiniteQueryOptions, type QueryKey } from '@tanstack/react-query';
import type { Page, Query } from '@wallx/shared';
import type { ApiClientCore } from './api-client';

/** One page of a cursor-paged list of the API, `limit` rows at a time. */
export function getPage<T>(
  api: Pick<ApiClientCore, 'get'>,
  path: string,
  query: Query & { limit: number },
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<Page<T>> {
  return api.get<Page<T>>(path, { query: { ...query, cursor }, ...(signal && { signal }) });
}

/** The infinite query of a cursor-paged list: each page asks for the cursor the previous one gave. */
export function pagedQueryOptions<T, K extends QueryKey>(
  queryKey: K,
  fetchPage: (cursor: string | undefined, signal: AbortSignal) => Promise<Page<T>>,
) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: Page<T>) => last.next_cursor ?? undefined,
  });
}

/** The rows of the pages loaded so far. */
export function rowsOf<T>(list: { data?: { pages: Array<Page<T>> } }): T[] {
  return list.data?.pages.flatMap((page) => page.items) ?? [];
}
