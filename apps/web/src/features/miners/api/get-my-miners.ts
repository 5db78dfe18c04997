import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Miner } from '@wallx/shared';
import { api } from '../../../lib/api';
import { isLoggedIn, useSession } from '../../../lib/session-store';
import { PAGE_SIZE, type Page } from './page';

export function getMyMiners({ cursor, signal }: { cursor: string | undefined; signal?: AbortSignal }): Promise<Page<Miner>> {
  return api.get<Page<Miner>>('/api/miners/mine', { query: { limit: PAGE_SIZE, cursor }, ...(signal && { signal }) });
}

export const myMinersQueryKey = ['miners', 'mine'] as const;

export function myMinersInfiniteQueryOptions(address: string) {
  return infiniteQueryOptions({
    queryKey: [...myMinersQueryKey, address.toLowerCase()],
    queryFn: ({ pageParam, signal }) => getMyMiners({ cursor: pageParam, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

export function useMyMiners() {
  const address = useSession((s) => s.userinfo?.bsc ?? '');
  const loggedIn = useSession(isLoggedIn);
  return useInfiniteQuery({ ...myMinersInfiniteQueryOptions(address), enabled: loggedIn });
}
