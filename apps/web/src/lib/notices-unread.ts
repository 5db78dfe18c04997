import { queryOptions } from '@tanstack/react-query';
import { api } from './api';
import { useAccountQuery } from './account-query';
import { queryRoots } from './query-keys';

/**
 * How many notices the user has not seen: the bell on /user. Beside the session, as the feedback
 * badge is, because the user centre shows it and the notices screen clears it.
 */
export function noticesUnreadQueryOptions(account: string) {
  return queryOptions({
    queryKey: [...queryRoots.notices, 'unread', account],
    queryFn: ({ signal }) =>
      api.get<{ count: number }>('/api/notices/unread', { signal }).then((result) => result.count),
  });
}

export function useNoticesUnread() {
  return useAccountQuery(noticesUnreadQueryOptions);
}
