import { useInfiniteQuery } from '@tanstack/react-query';
import type { OperatorPickupPoint, Page } from '@wallx/shared';
import { api } from '../../../lib/api';
import { shippingKeys, type PointFilters } from './keys';

export const POINTS_PAGE_SIZE = 50;

export function getPoints(
  filters: PointFilters,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<Page<OperatorPickupPoint>> {
  return api.get<Page<OperatorPickupPoint>>('/api/admin/pickup-points', {
    query: { ...filters, limit: POINTS_PAGE_SIZE, cursor },
    signal,
  });
}

export function usePoints(filters: PointFilters) {
  return useInfiniteQuery({
    queryKey: shippingKeys.points(filters),
    queryFn: ({ pageParam, signal }) => getPoints(filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}
