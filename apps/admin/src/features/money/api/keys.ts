import { queryRoots } from '../../../lib/query-keys';

export const moneyKeys = {
  all: queryRoots.money,
  withdrawals: (filters: object) => [...queryRoots.money, 'withdrawals', filters] as const,
  withdrawal: (id: string) => [...queryRoots.money, 'withdrawal', id] as const,
  deposits: (filters: object) => [...queryRoots.money, 'deposits', filters] as const,
  depositReports: (filters: object) => [...queryRoots.money, 'deposit-reports', filters] as const,
  unattributed: (filters: object) => [...queryRoots.money, 'unattributed', filters] as const,
  allProposals: [...queryRoots.money, 'proposals'] as const,
  proposals: (filters: object) => [...queryRoots.money, 'proposals', filters] as const,
  settings: () => [...queryRoots.money, 'settings'] as const,
  depositAddresses: () => [...queryRoots.money, 'deposit-addresses'] as const,
  sweeps: () => [...queryRoots.money, 'sweeps'] as const,
  coldTransfers: () => [...queryRoots.money, 'cold-transfers'] as const,
  report: (range: { from?: string; to?: string }) => [...queryRoots.money, 'report', range] as const,
};
