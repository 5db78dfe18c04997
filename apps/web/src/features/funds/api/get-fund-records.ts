import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Asset, FundRecord, FundRecordType } from '@wallx/shared';
import { api } from '../../../lib/api';
import { isLoggedIn, useSession } from '../../../lib/session-store';
import { PAGE_SIZE, type Page } from './page';

/** Undefined means "all". */
export type FundRecordFilter = { type: FundRecordType | undefined; asset: Asset | undefined };

export function getFundRecords({
  filter,
  cursor,
  signal,
}: {
  filter: FundRecordFilter;
  cursor: string | undefined;
  signal?: AbortSignal;
}): Promise<Page<FundRecord>> {
  return api.get<Page<FundRecord>>('/api/funds/records', {
    query: { type: filter.type, asset: filter.asset, limit: PAGE_SIZE, cursor },
    ...(signal && { signal }),
  });
}

/** Prefix of every fund-record query: anything that moves money invalidates it. */
export const fundRecordsQueryKey = ['funds', 'records'] as const;

export function fundRecordsInfiniteQueryOptions(address: string, filter: FundRecordFilter) {
  return infiniteQueryOptions({
    queryKey: [...fundRecordsQueryKey, address.toLowerCase(), filter.type ?? 'all', filter.asset ?? 'all'],
    queryFn: ({ pageParam, signal }) => getFundRecords({ filter, cursor: pageParam, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

export function useFundRecords(filter: FundRecordFilter) {
  const address = useSession((s) => s.userinfo?.bsc ?? '');
  const loggedIn = useSession(isLoggedIn);
  return useInfiniteQuery({ ...fundRecordsInfiniteQueryOptions(address, filter), enabled: loggedIn });
}
