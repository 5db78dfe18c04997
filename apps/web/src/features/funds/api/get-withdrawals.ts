import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Withdrawal } from '@wallx/shared';
import { api } from '../../../lib/api';
import { isLoggedIn, useSession } from '../../../lib/session-store';

/** One page of a cursor-paged list (`page()` in @wallx/shared). */
export type Page<T> = { items: T[]; next_cursor: string | null };

export const PAGE_SIZE = 20;

export function getWithdrawals({ cursor, signal }: { cursor: string | undefined; signal?: AbortSignal }): Promise<Page<Withdrawal>> {
  return api.get<Page<Withdrawal>>('/api/funds/withdrawals', { query: { limit: PAGE_SIZE, cursor }, ...(signal && { signal }) });
}

/** Prefix of every withdrawal-list query: a withdrawal invalidates it. */
export const withdrawalsQueryKey = ['chain-funds', 'withdrawals'] as const;

export function withdrawalsInfiniteQueryOptions(address: string) {
  return infiniteQueryOptions({
    queryKey: [...withdrawalsQueryKey, address.toLowerCase()],
    queryFn: ({ pageParam, signal }) => getWithdrawals({ cursor: pageParam, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

export function useWithdrawals() {
  const address = useSession((s) => s.userinfo?.bsc ?? '');
  const loggedIn = useSession(isLoggedIn);
  return useInfiniteQuery({ ...withdrawalsInfiniteQueryOptions(address), enabled: loggedIn });
}
