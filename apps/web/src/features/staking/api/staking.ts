import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Stake, StakeRequest, StakingSummary } from '@wallx/shared';
import { api } from '../../../lib/api';
import { getPage, pagedQueryOptions, useAccountPagedQuery, useAccountQuery } from '../../../lib/account-query';
import { retryUnsettledOnce } from '../../../lib/idempotency-key';
import { invalidateDomains, MONEY_DOMAINS, queryRoots } from '../../../lib/query-keys';

/** Every query key of the stake screen; what an account sees carries its address. */
export const stakingKeys = {
  summary: (account: string) => [...queryRoots.staking, account, 'summary'] as const,
  stakes: (account: string) => [...queryRoots.staking, account, 'stakes'] as const,
};

export function useStakingSummary() {
  return useAccountQuery((account) =>
    queryOptions({
      queryKey: stakingKeys.summary(account),
      queryFn: ({ signal }) => api.get<StakingSummary>('/api/staking', signal ? { signal } : {}),
    }),
  );
}

/** The user's stakes, newest first, a page at a time (the screen asks for more). */
export function useStakes() {
  return useAccountPagedQuery((account) =>
    pagedQueryOptions(stakingKeys.stakes(account), (cursor, signal) =>
      getPage<Stake>('/api/staking/stakes', {}, cursor, signal),
    ),
  );
}

type Keyed<T> = T & { idempotencyKey: string };

export function useStake() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ idempotencyKey, ...request }: Keyed<StakeRequest>) =>
      api.post<{ stake: Stake }>('/api/staking/stakes', request, { headers: { 'Idempotency-Key': idempotencyKey } }),
    // Without an answer the stake may be made already: the same key again is answered, not staked twice.
    retry: retryUnsettledOnce,
    onSuccess: () => invalidateDomains(queryClient, [...MONEY_DOMAINS, 'staking']),
  });
}

export function useUnstake() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, fund_password, idempotencyKey }: Keyed<{ id: string; fund_password: string }>) =>
      api.post<{ stake: Stake }>(
        `/api/staking/stakes/${encodeURIComponent(id)}/unstake`,
        { fund_password },
        { headers: { 'Idempotency-Key': idempotencyKey } },
      ),
    retry: retryUnsettledOnce,
    onSuccess: () => invalidateDomains(queryClient, [...MONEY_DOMAINS, 'staking']),
  });
}
