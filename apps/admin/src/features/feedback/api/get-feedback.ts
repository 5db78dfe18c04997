import type { FeedbackStatus, OperatorFeedback } from '@wallx/shared';
import { usePagedQuery } from '../../../lib/paged-query';
import { feedbackKeys } from './keys';

export function useFeedbackList(status: FeedbackStatus | null) {
  return usePagedQuery<OperatorFeedback>(feedbackKeys.list(status), '/api/admin/feedback', { status });
}
