import { useInfiniteQuery } from '@tanstack/react-query';
import type { FeedbackStatus, OperatorFeedback, Page } from '@wallx/shared';
import { api } from '../../../lib/api';
import { feedbackKeys } from './keys';

export const FEEDBACK_PAGE_SIZE = 50;

export function getFeedback(
  status: FeedbackStatus | null,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<Page<OperatorFeedback>> {
  return api.get<Page<OperatorFeedback>>('/api/admin/feedback', {
    query: { status, limit: FEEDBACK_PAGE_SIZE, cursor },
    signal,
  });
}

export function useFeedbackList(status: FeedbackStatus | null) {
  return useInfiniteQuery({
    queryKey: feedbackKeys.list(status),
    queryFn: ({ pageParam, signal }) => getFeedback(status, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}
