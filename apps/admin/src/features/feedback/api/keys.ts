import type { FeedbackStatus } from '@wallx/shared';
import { queryRoots } from '../../../lib/query-keys';

export const feedbackKeys = {
  all: queryRoots.feedback,
  list: (status: FeedbackStatus | null) => [...queryRoots.feedback, 'list', status ?? 'all'] as const,
};
