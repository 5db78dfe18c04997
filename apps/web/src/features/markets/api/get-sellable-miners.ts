import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Miner } from '@wallx/shared';
import { api } from '../../../lib/api';
import { isLoggedIn, useSession } from '../../../lib/session-store';
import { minersQueryKey, type Page } from './page';

/** A page of my miners that are off: the ones a sell order may list (gifts are shown, locked). */
export function getSellableMiners({ cursor, signal }: { cursor: string | undefined; signal?: AbortSignal }): Promise<Page<Miner>> {
  return api.get<Page<Miner>>('/api/miners/mine', { query: { state: 'off', limit: 50, cursor }, ...(signal && { signal }) });
}

/** Under the miners' prefix, so whatever changes my miners (a sale, a purchase) refreshes it. */
export function sellableMinersInfiniteQueryOptions(address: string) {
  return infiniteQueryOptions({
    queryKey: [...minersQueryKey, 'mine', address.toLowerCase(), 'sellable'],
    queryFn: ({ pageParam, signal }) => getSellableMiners({ cursor: pageParam, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

export function useSellableMiners() {
  const address = useSession((s) => s.userinfo?.bsc ?? '');
  const loggedIn = useSession(isLoggedIn);
  return useInfiniteQuery({ ...sellableMinersInfiniteQueryOptions(address), enabled: loggedIn });
}
