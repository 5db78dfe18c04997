import { useQuery } from '@tanstack/react-query';
import type { Asset } from '@wallx/shared';
import { api } from '../../../lib/api';

/** Per asset: the smallest withdrawal and the fee charged on top of it (decimal strings). */
export type WithdrawConfig = Record<Asset, { min: string; fee: string }>;

export function getWithdrawConfig(signal?: AbortSignal): Promise<WithdrawConfig> {
  return api.get<WithdrawConfig>('/api/funds/withdraw/config', signal ? { signal } : {});
}

export function useWithdrawConfig() {
  return useQuery({ queryKey: ['chain-funds', 'withdraw-config'], queryFn: ({ signal }) => getWithdrawConfig(signal), staleTime: 60_000 });
}
