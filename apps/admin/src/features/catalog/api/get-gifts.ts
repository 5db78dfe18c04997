import { useInfiniteQuery } from '@tanstack/react-query';
import type { GiftGrant, Page } from '@wallx/shared';
import { api } from '../../../lib/api';
import { giftKeys } from './keys';

export const GIFTS_PAGE_SIZE = 50;

export type GiftFilters = { address: string };

export function getGifts(
  filters: GiftFilters,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<Page<GiftGrant>> {
  return api.get<Page<GiftGrant>>('/api/admin/gifts', {
    query: { ...filters, limit: GIFTS_PAGE_SIZE, cursor },
    signal,
  });
}

export function useGifts(filters: GiftFilters) {
  return useInfiniteQuery({
    queryKey: giftKeys.list(filters),
    queryFn: ({ pageParam, signal }) => getGifts(filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}
