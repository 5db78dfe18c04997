import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { MinerOutput, MinerOutputStatus } from '@wallx/shared';
import { api } from '../../../lib/api';
import { isLoggedIn, useSession } from '../../../lib/session-store';
import { PAGE_SIZE, type Page } from './page';

export function getOutputs({ status, cursor, signal }: { status: MinerOutputStatus; cursor: string | undefined; signal?: AbortSignal }): Promise<Page<MinerOutput>> {
  return api.get<Page<MinerOutput>>('/api/miners/outputs', { query: { status, limit: PAGE_SIZE, cursor }, ...(signal && { signal }) });
}

export const outputsQueryKey = ['miners', 'outputs'] as const;

export function outputsInfiniteQueryOptions(address: string, status: MinerOutputStatus) {
  return infiniteQueryOptions({
    queryKey: [...outputsQueryKey, address.toLowerCase(), status],
    queryFn: ({ pageParam, signal }) => getOutputs({ status, cursor: pageParam, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

export function useOutputs(status: MinerOutputStatus) {
  const address = useSession((s) => s.userinfo?.bsc ?? '');
  const loggedIn = useSession(isLoggedIn);
  return useInfiniteQuery({ ...outputsInfiniteQueryOptions(address, status), enabled: loggedIn });
}
