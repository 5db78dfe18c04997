import { useInfiniteQuery } from '@tanstack/react-query';
import type { Miner, MinerState, Page } from '@wallx/shared';
import { api } from '../../../lib/api';
import { userKeys } from './keys';

export const USER_MINERS_PAGE_SIZE = 20;

export function getUserMiners(
  id: string,
  state: MinerState | null,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<Page<Miner>> {
  return api.get<Page<Miner>>(`/api/admin/users/${encodeURIComponent(id)}/miners`, {
    query: { state, limit: USER_MINERS_PAGE_SIZE, cursor },
    signal,
  });
}

export function useUserMiners(id: string, state: MinerState | null) {
  return useInfiniteQuery({
    queryKey: userKeys.miners(id, state),
    queryFn: ({ pageParam, signal }) => getUserMiners(id, state, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}
