import { useInfiniteQuery } from '@tanstack/react-query';
import type { C2cOrder, Market, MarketOrderStatus, MtradeOrder, Page } from '@wallx/shared';
import { api } from '../../../lib/api';
import { marketKeys } from './keys';

export const ORDERS_PAGE_SIZE = 50;

/** The filters as the address keeps them: '' is no filter. */
export type OrderFilters = { status: MarketOrderStatus | ''; seller: string; buyer: string };

export type MarketOrder = MtradeOrder | C2cOrder;

export function getOrders(
  market: Market,
  filters: OrderFilters,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<Page<MarketOrder>> {
  return api.get<Page<MarketOrder>>(`/api/admin/markets/${market}/orders`, {
    query: { ...filters, limit: ORDERS_PAGE_SIZE, cursor },
    signal,
  });
}

export function useMarketOrders(market: Market, filters: OrderFilters) {
  return useInfiniteQuery({
    queryKey: marketKeys.list(market, filters),
    queryFn: ({ pageParam, signal }) => getOrders(market, filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}
