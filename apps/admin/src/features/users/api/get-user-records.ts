import { useInfiniteQuery } from '@tanstack/react-query';
import type { Asset, FundRecord, Page } from '@wallx/shared';
import { api } from '../../../lib/api';
import { userKeys } from './keys';

export const USER_RECORDS_PAGE_SIZE = 20;

export function getUserRecords(
  id: string,
  asset: Asset | null,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<Page<FundRecord>> {
  return api.get<Page<FundRecord>>(`/api/admin/users/${encodeURIComponent(id)}/records`, {
    query: { asset, limit: USER_RECORDS_PAGE_SIZE, cursor },
    signal,
  });
}

export function useUserRecords(id: string, asset: Asset | null) {
  return useInfiniteQuery({
    queryKey: userKeys.records(id, asset),
    queryFn: ({ pageParam, signal }) => getUserRecords(id, asset, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}
