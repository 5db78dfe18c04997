import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { isLoggedIn, useSession } from '../../../lib/session-store';
import type { OrderOf } from './get-market-orders';
import { marketsQueryKey, PAGE_SIZE, type Market, type Page } from './page';

export type OrderRole = 'sell' | 'buy';

/** My orders of one market, as seller or buyer, in any status, newest first. */
export function getMyOrders<M extends Market>({
  market,
  role,
  cursor,
  signal,
}: {
  market: M;
  role: OrderRole;
  cursor: string | undefined;
  signal?: AbortSignal;
}): Promise<Page<OrderOf<M>>> {
  return api.get<Page<OrderOf<M>>>(`/api/${market}/my_orders`, { query: { role, limit: PAGE_SIZE, cursor }, ...(signal && { signal }) });
}

export function myOrdersInfiniteQueryOptions<M extends Market>(address: string, market: M, role: OrderRole) {
  return infiniteQueryOptions({
    queryKey: [...marketsQueryKey, market, 'mine', address.toLowerCase(), role],
    queryFn: ({ pageParam, signal }) => getMyOrders({ market, role, cursor: pageParam, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

export function useMyOrders<M extends Market>(market: M, role: OrderRole) {
  const address = useSession((s) => s.userinfo?.bsc ?? '');
  const loggedIn = useSession(isLoggedIn);
  return useInfiniteQuery({ ...myOrdersInfiniteQueryOptions(address, market, role), enabled: loggedIn });
}
