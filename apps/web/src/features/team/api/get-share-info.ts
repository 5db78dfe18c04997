import { queryOptions } from '@tanstack/react-query';
import type { ShareInfo } from '@wallx/shared';
import { api } from '../../../lib/api';
import { useAccountQuery } from '../../../lib/account-query';
import { teamKeys } from './keys';

export function getShareInfo(signal?: AbortSignal): Promise<ShareInfo> {
  return api.get<ShareInfo>('/api/share/info', signal ? { signal } : {});
}

export function shareInfoQueryOptions(account: string) {
  // A share code never changes: one answer serves the whole visit.
  return queryOptions({
    queryKey: teamKeys.shareInfo(account),
    queryFn: ({ signal }) => getShareInfo(signal),
    staleTime: Infinity,
  });
}

export function useShareInfo() {
  return useAccountQuery(shareInfoQueryOptions);
}
