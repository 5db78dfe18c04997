import { queryOptions } from '@tanstack/react-query';
import type { RecentRecipient } from '@wallx/shared';
import { api } from './api';
import { useAccountQuery } from './account-query';
import { queryRoots } from './query-keys';

/** Where my own transfers (of funds and of miners) went, the latest first: the recipient fields' shortcuts. */
export function getRecentRecipients(signal?: AbortSignal): Promise<{ items: RecentRecipient[] }> {
  return api.get<{ items: RecentRecipient[] }>('/api/recipients/recent', signal ? { signal } : {});
}

/** Under the funds root: a transfer of funds makes it stale with the rest of the money. */
export function recentRecipientsQueryOptions(account: string) {
  return queryOptions({
    queryKey: [...queryRoots.funds, 'recent-recipients', account] as const,
    queryFn: ({ signal }) => getRecentRecipients(signal),
  });
}

export function useRecentRecipients() {
  return useAccountQuery(recentRecipientsQueryOptions);
}
