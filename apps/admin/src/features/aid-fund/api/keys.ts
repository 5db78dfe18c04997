import { queryRoots } from '../../../lib/query-keys';

export const aidFundKeys = {
  all: queryRoots.aidFund,
  fund: () => [...queryRoots.aidFund, 'fund'] as const,
  donations: () => [...queryRoots.aidFund, 'donations'] as const,
  grants: () => [...queryRoots.aidFund, 'grants'] as const,
  partners: () => [...queryRoots.aidFund, 'partners'] as const,
  waiting: () => [...queryRoots.aidFund, 'waiting'] as const,
};
