import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Transfer } from '@wallx/shared';
import { api } from '../../../lib/api';
import { isLoggedIn, useSession } from '../../../lib/session-store';
import { PAGE_SIZE, type Page } from './page';

export function getTransfers({ cursor, signal }: { cursor: string | undefined; signal?: AbortSignal }): Promise<Page<Transfer>> {
  return api.get<Page<Transfer>>('/api/funds/transfers', { query: { limit: PAGE_SIZE, cursor }, ...(signal && { signal }) });
}

/** Prefix of every transfer-list query: a transfer invalidates it. */
export const transfersQueryKey = ['funds', 'transfers'] as const;

export function transfersInfiniteQueryOptions(address: string) {
  return infiniteQueryOptions({
    queryKey: [...transfersQueryKey, address.toLowerCase()],
    queryFn: ({ pageParam, signal }) => getTransfers({ cursor: pageParam, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

export function useTransfers() {
  const address = useSession((s) => s.userinfo?.bsc ?? '');
  const loggedIn = useSession(isLoggedIn);
  return useInfiniteQuery({ ...transfersInfiniteQueryOptions(address), enabled: loggedIn });
}
