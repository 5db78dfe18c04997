import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WithdrawalConfig } from '@wallx/shared';
import { api } from '../../../lib/api';
import { fundsKeys } from './keys';

/** Per asset: the smallest withdrawal and the fee charged on top of it (decimal strings). */
export function getWithdrawalConfig(signal?: AbortSignal): Promise<WithdrawalConfig> {
  return api.get<WithdrawalConfig>('/api/funds/withdraw/config', signal ? { signal } : {});
}

export const withdrawalConfigQueryOptions = queryOptions({
  queryKey: fundsKeys.withdrawalConfig(),
  queryFn: ({ signal }) => getWithdrawalConfig(signal),
  staleTime: 60_000,
});

export function useWithdrawalConfig() {
  return useQuery(withdrawalConfigQueryOptions);
}
