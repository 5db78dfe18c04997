import { useQuery } from '@tanstack/react-query';
import type { Asset } from '@wallx/shared';
import { api } from '../../../lib/api';

/** Per asset: the smallest withdrawal and the fee charged on top of it (decimal strings). */
export type WithdrawalConfig = Record<Asset, { min: string; fee: string }>;

export function getWithdrawalConfig(signal?: AbortSignal): Promise<WithdrawalConfig> {
  return api.get<WithdrawalConfig>('/api/funds/withdraw/config', signal ? { signal } : {});
}

export function useWithdrawalConfig() {
  return useQuery({ queryKey: ['chain-funds', 'withdraw-config'], queryFn: ({ signal }) => getWithdrawalConfig(signal), staleTime: 60_000 });
}
