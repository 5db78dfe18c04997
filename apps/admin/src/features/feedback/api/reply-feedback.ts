import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OperatorFeedback } from '@wallx/shared';
import { api } from '../../../lib/api';
import { queryRoots } from '../../../lib/query-keys';
import { feedbackKeys } from './keys';

export function replyToFeedback(id: string, reply: string): Promise<OperatorFeedback> {
  return api
    .post<{ feedback: OperatorFeedback }>(`/api/admin/feedback/${encodeURIComponent(id)}/reply`, { reply })
    .then((result) => result.feedback);
}

export function useReplyToFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reply }: { id: string; reply: string }) => replyToFeedback(id, reply),
    // The reply moves the message from 'open' to 'replied', and writes an audit row.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: feedbackKeys.all }),
        queryClient.invalidateQueries({ queryKey: queryRoots.audit }),
      ]),
  });
}
