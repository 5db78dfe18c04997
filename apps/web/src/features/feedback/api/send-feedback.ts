import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Feedback, FeedbackRequest } from '@wallx/shared';
import { api } from '../../../lib/api';
import { useAccountKey } from '../../../lib/account-query';
import { feedbackKeys } from './keys';

export function sendFeedback(request: FeedbackRequest): Promise<Feedback> {
  return api.post<{ feedback: Feedback }>('/api/feedback', request).then((result) => result.feedback);
}

export function useSendFeedback() {
  const queryClient = useQueryClient();
  const account = useAccountKey();
  return useMutation({
    mutationFn: sendFeedback,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: feedbackKeys.mine(account) }),
  });
}
