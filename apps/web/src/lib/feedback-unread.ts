import { queryOptions } from '@tanstack/react-query';
import { api } from './api';
import { useAccountQuery } from './account-query';
import { queryRoots } from './query-keys';

/**
 * How many operator replies the user has not read: the badge on /user. It lives beside the session,
 * as user info does, because the user centre shows it and the feedback screen clears it; the
 * feedback screen invalidates the whole feedback domain once the replies are read.
 */
export function feedbackUnreadQueryOptions(account: string) {
  return queryOptions({
    queryKey: [...queryRoots.feedback, 'unread', account],
    queryFn: ({ signal }) =>
      api.get<{ count: number }>('/api/feedback/unread', { signal }).then((result) => result.count),
  });
}

export function useFeedbackUnread() {
  return useAccountQuery(feedbackUnreadQueryOptions);
}
