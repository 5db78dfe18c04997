import { queryOptions } from '@tanstack/react-query';
import type { MineSummary } from '@wallx/shared';
import { api } from '../../../lib/api';
import { useAccountQuery } from '../../../lib/account-query';
import { minersKeys } from './keys';

export function getMineSummary(signal?: AbortSignal): Promise<MineSummary> {
  return api.get<MineSummary>('/api/miners/summary', signal ? { signal } : {});
}

export function mineSummaryQueryOptions(account: string) {
  return queryOptions({ queryKey: minersKeys.summary(account), queryFn: ({ signal }) => getMineSummary(signal) });
}

export function useMineSummary() {
  return useAccountQuery(mineSummaryQueryOptions);
}
