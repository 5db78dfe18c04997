import { useQuery } from '@tanstack/react-query';
import type { Deposit } from '@wallx/shared';
import { api } from '../../../lib/api';
import { isLoggedIn, useSession } from '../../../lib/session-store';

export function getDeposits(signal?: AbortSignal): Promise<{ items: Deposit[] }> {
  return api.get<{ items: Deposit[] }>('/api/funds/deposits', { query: { limit: 20 }, ...(signal && { signal }) });
}

/** Prefix of every deposit-list query: a reported deposit invalidates it. */
export const depositsQueryKey = ['chain-funds', 'deposits'] as const;

export function useDeposits() {
  const address = useSession((s) => s.userinfo?.bsc ?? '');
  const loggedIn = useSession(isLoggedIn);
  return useQuery({
    queryKey: [...depositsQueryKey, address.toLowerCase()],
    queryFn: ({ signal }) => getDeposits(signal),
    enabled: loggedIn,
  });
}
