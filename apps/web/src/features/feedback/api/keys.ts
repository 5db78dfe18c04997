import { queryRoots } from '../../../lib/query-keys';

/** Every query key of the feedback feature; what an account sees carries its address. */
export const feedbackKeys = {
  all: queryRoots.feedback,
  mine: (account: string) => [...queryRoots.feedback, 'mine', account] as const,
};
