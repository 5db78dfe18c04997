import { useInfiniteQuery } from '@tanstack/react-query';
import type { Page, Query } from '@wallx/shared';
import { api } from '../../../lib/api';

export const MONEY_PAGE_SIZE = 50;

/** A cursor-paged table of the money pages: the filters go to the server, the pages come one by one. */
export function usePagedTable<Row>(path: string, queryKey: readonly unknown[], filters: Query) {
  return useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) =>
      api.get<Page<Row>>(path, { query: { ...filters, limit: MONEY_PAGE_SIZE, cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}
