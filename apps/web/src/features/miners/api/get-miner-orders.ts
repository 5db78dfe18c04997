import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { MinerOrder, MinerOrderStatus } from '@wallx/shared';
import { api } from '../../../lib/api';
import { isLoggedIn, useSession } from '../../../lib/session-store';
import { PAGE_SIZE, type Page } from './page';

export function getOrders({ status, cursor, signal }: { status: MinerOrderStatus; cursor: string | undefined; signal?: AbortSignal }): Promise<Page<MinerOrder>> {
  return api.get<Page<MinerOrder>>('/api/miners/orders', { query: { status, limit: PAGE_SIZE, cursor }, ...(signal && { signal }) });
}

export const ordersQueryKey = ['miners', 'orders'] as const;

export function ordersInfiniteQueryOptions(address: string, status: MinerOrderStatus) {
  return infiniteQueryOptions({
    queryKey: [...ordersQueryKey, address.toLowerCase(), status],
    queryFn: ({ pageParam, signal }) => getOrders({ status, cursor: pageParam, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

export function useOrders(status: MinerOrderStatus) {
  const address = useSession((s) => s.userinfo?.bsc ?? '');
  const loggedIn = useSession(isLoggedIn);
  return useInfiniteQuery({ ...ordersInfiniteQueryOptions(address, status), enabled: loggedIn });
}
