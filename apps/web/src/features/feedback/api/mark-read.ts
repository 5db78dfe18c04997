import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useAccountKey } from '../../../lib/account-query';
import { feedbackUnreadQueryOptions } from '../../../lib/feedback-unread';

export function markRepliesRead(): Promise<unknown> {
  return api.post('/api/feedback/read');
}

/** The replies on screen have been seen: the badge on /user goes. */
export function useMarkRepliesRead() {
  const queryClient = useQueryClient();
  const account = useAccountKey();
  return useMutation({
    mutationFn: markRepliesRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: feedbackUnreadQueryOptions(account).queryKey }),
  });
}
