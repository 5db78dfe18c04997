import { useQuery } from '@tanstack/react-query';
import type { Deposit } from '@wallx/shared';
import { api } from '../../../lib/api';
import { isLoggedIn, useSession } from '../../../lib/session-store';

export function getRecharges(signal?: AbortSignal): Promise<{ items: Deposit[] }> {
  return api.get<{ items: Deposit[] }>('/api/funds/recharges', { query: { limit: 20 }, ...(signal && { signal }) });
}

/** Prefix of every deposit-list query: a reported deposit invalidates it. */
export const rechargesQueryKey = ['chain-funds', 'recharges'] as const;

export function useRecharges() {
  const address = useSession((s) => s.userinfo?.bsc ?? '');
  const loggedIn = useSession(isLoggedIn);
  return useQuery({
    queryKey: [...rechargesQueryKey, address.toLowerCase()],
    queryFn: ({ signal }) => getRecharges(signal),
    enabled: loggedIn,
  });
}
