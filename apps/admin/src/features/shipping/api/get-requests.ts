import { useInfiniteQuery } from '@tanstack/react-query';
import type { OperatorShippingRequest, Page } from '@wallx/shared';
import { api } from '../../../lib/api';
import { shippingKeys, type RequestFilters } from './keys';

export const REQUESTS_PAGE_SIZE = 50;

export function getRequests(
  filters: RequestFilters,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<Page<OperatorShippingRequest>> {
  return api.get<Page<OperatorShippingRequest>>('/api/admin/shipping/requests', {
    query: { ...filters, limit: REQUESTS_PAGE_SIZE, cursor },
    signal,
  });
}

export function useRequests(filters: RequestFilters) {
  return useInfiniteQuery({
    queryKey: shippingKeys.requests(filters),
    queryFn: ({ pageParam, signal }) => getRequests(filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}
