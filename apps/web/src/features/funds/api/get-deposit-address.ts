import { useQuery } from '@tanstack/react-query';
import type { DepositAddress } from '@wallx/shared';
import { useAccountKey } from '../../../lib/account-query';
import { api } from '../../../lib/api';
import { fundsKeys } from './keys';

/** The user's own deposit address: what any wallet or exchange sends there is credited to them. */
export function getDepositAddress(signal?: AbortSignal): Promise<DepositAddress> {
  return api.get<DepositAddress>('/api/funds/recharge/address', signal ? { signal } : {});
}

export function useDepositAddress() {
  const account = useAccountKey();
  return useQuery({
    queryKey: fundsKeys.depositAddress(account),
    queryFn: ({ signal }) => getDepositAddress(signal),
    // The address never changes for an account (a new factory would be a new deployment).
    staleTime: Infinity,
  });
}
