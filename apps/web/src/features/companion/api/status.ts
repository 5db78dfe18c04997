import { queryOptions } from '@tanstack/react-query';
import type { CompanionStatus } from '@wallx/shared';
import { api } from '../../../lib/api';
import { queryRoots } from '../../../lib/query-keys';

/**
 * `GET /api/companion` for an account: whether the companion is here, the notice seen, today's
 * allowance. (Home's card asks with a bare fetch of its own: home stays without the API client.)
 */
export const companionStatusOptions = (account: string) =>
  queryOptions({
    queryKey: [...queryRoots.companion, account, 'status'] as const,
    queryFn: ({ signal }) => api.get<CompanionStatus>('/api/companion', signal ? { signal } : {}),
  });
