import type { Asset, MinerState } from '@wallx/shared';
import { queryRoots } from '../../../lib/query-keys';
import type { UserFilters } from './get-users';

export const userKeys = {
  all: queryRoots.users,
  list: (filters: UserFilters) => [...queryRoots.users, 'list', filters] as const,
  detail: (id: string) => [...queryRoots.users, 'detail', id] as const,
  records: (id: string, asset: Asset | null) => [...queryRoots.users, 'detail', id, 'records', asset ?? 'all'] as const,
  miners: (id: string, state: MinerState | null) =>
    [...queryRoots.users, 'detail', id, 'miners', state ?? 'all'] as const,
};
