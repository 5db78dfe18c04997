import { queryRoots } from '../../../lib/query-keys';

export const stakingKeys = {
  all: queryRoots.staking,
  pool: () => [...queryRoots.staking, 'pool'] as const,
  stakes: (filters: { status: string }) => [...queryRoots.staking, 'stakes', filters] as const,
  distributions: () => [...queryRoots.staking, 'distributions'] as const,
  settings: () => [...queryRoots.staking, 'settings'] as const,
  waiting: (about: string) => [...queryRoots.staking, 'waiting', about] as const,
};
