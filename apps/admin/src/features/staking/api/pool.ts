import { useQuery } from '@tanstack/react-query';
import {
  CONSOLE_PAGE_SIZE,
  type OperatorStake,
  type Page,
  type Proposal,
  type StakingDistribution,
  type StakingFundRequest,
  type StakingPool,
  type StakingSettings,
  type StakingSettingsUpdate,
} from '@wallx/shared';
import { api } from '../../../lib/api';
import { useAuditedMutation } from '../../../lib/audited-mutation';
import { usePagedQuery } from '../../../lib/paged-query';
import { queryRoots } from '../../../lib/query-keys';
import { stakingKeys } from './keys';

/** The staking pool's console routes (the staking-pool module's, issue 48). */
export const STAKING_PATH = '/api/admin/staking';

export function useStakingPool() {
  return useQuery({
    queryKey: stakingKeys.pool(),
    queryFn: ({ signal }) => api.get<StakingPool>(STAKING_PATH, { signal }),
  });
}

/** 'any' status is sent as nothing (the client leaves out empty values). */
export const useStakes = (filters: { status: string }) =>
  usePagedQuery<OperatorStake>(stakingKeys.stakes(filters), `${STAKING_PATH}/stakes`, {
    status: filters.status === 'any' ? '' : filters.status,
  });

export const useDistributions = () =>
  usePagedQuery<StakingDistribution>(stakingKeys.distributions(), `${STAKING_PATH}/distributions`);

export function useStakingSettings() {
  return useQuery({
    queryKey: stakingKeys.settings(),
    queryFn: ({ signal }) => api.get<StakingSettings>(`${STAKING_PATH}/settings`, { signal }),
  });
}

/** A change of the rules is a proposal: they stay as they are until another operator approves. */
export function useProposeStakingSettings() {
  return useAuditedMutation(
    (update: StakingSettingsUpdate) => api.post<Proposal>(`${STAKING_PATH}/settings`, update),
    [stakingKeys.all, queryRoots.money],
  );
}

/** Adding WALLX to the pool is a proposal: the pool stays as it is until another operator approves. */
export function useProposeStakingFunding() {
  return useAuditedMutation(
    (request: StakingFundRequest) => api.post<Proposal>(`${STAKING_PATH}/fund`, request),
    [stakingKeys.all, queryRoots.money],
  );
}

/** The proposal waiting about the pool's rules or its budget, if any (one waits per subject). */
export function useWaitingProposal(subjectType: 'staking_settings' | 'staking_budget') {
  const query = { status: 'pending', subject_type: subjectType, limit: CONSOLE_PAGE_SIZE };
  return useQuery({
    queryKey: stakingKeys.waiting(subjectType),
    queryFn: ({ signal }) =>
      api.get<Page<Proposal>>('/api/admin/proposals', { query, signal }).then((page) => page.items[0] ?? null),
  });
}
