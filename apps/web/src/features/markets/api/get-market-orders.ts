import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { C2cOrder, MarketSort, MtradeOrder } from '@wallx/shared';
import { api } from '../../../lib/api';
import { isLoggedIn, useSession } from '../../../lib/session-store';
import { marketsQueryKey, PAGE_SIZE, type Market, type Page } from './page';

export type OrderOf<M extends Market> = M extends 'mtrade' ? MtradeOrder : C2cOrder;

/** Pending, unexpired sell orders of other users, in the chosen order. */
export function getMarketOrders<M extends Market>({
  market,
  sort,
  cursor,
  signal,
}: {
  market: M;
  sort: MarketSort;
  cursor: string | undefined;
  signal?: AbortSignal;
}): Promise<Page<OrderOf<M>>> {
  return api.get<Page<OrderOf<M>>>(`/api/${market}/orders`, { query: { sort, limit: PAGE_SIZE, cursor }, ...(signal && { signal }) });
}

export function marketOrdersInfiniteQueryOptions<M extends Market>(address: string, market: M, sort: MarketSort) {
  return infiniteQueryOptions({
    queryKey: [...marketsQueryKey, market, 'orders', address.toLowerCase(), sort],
    queryFn: ({ pageParam, signal }) => getMarketOrders({ market, sort, cursor: pageParam, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

export function useMarketOrders<M extends Market>(market: M, sort: MarketSort) {
  const address = useSession((s) => s.userinfo?.bsc ?? '');
  const loggedIn = useSession(isLoggedIn);
  return useInfiniteQuery({ ...marketOrdersInfiniteQueryOptions(address, market, sort), enabled: loggedIn });
}
