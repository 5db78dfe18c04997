import { queryOptions } from '@tanstack/react-query';
import type { HotWallet } from '@wallx/shared';
import { api } from './api';
import { queryRoots } from './query-keys';

/**
 * GET /api/admin/hot-wallet, read by the money section's hot wallet tab and by the dashboard's
 * health cards: one request, one cache entry (under the money section's root, which owns it).
 */
export const hotWalletQueryOptions = () =>
  queryOptions({
    queryKey: [...queryRoots.money, 'hot-wallet'] as const,
    queryFn: ({ signal }) => api.get<HotWallet>('/api/admin/hot-wallet', { signal }),
  });
