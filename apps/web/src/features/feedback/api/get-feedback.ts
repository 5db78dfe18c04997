import type { Feedback } from '@wallx/shared';
import { getPage, pagedQueryOptions, useAccountPagedQuery } from '../../../lib/account-query';
import { feedbackKeys } from './keys';

export function getMyFeedback(cursor: string | undefined, signal?: AbortSignal) {
  return getPage<Feedback>('/api/feedback', {}, cursor, signal);
}

export function myFeedbackQueryOptions(account: string) {
  return pagedQueryOptions(feedbackKeys.mine(account), getMyFeedback);
}

/** The feedback I sent, newest first, each with the operator's reply once there is one. */
export function useMyFeedback() {
  return useAccountPagedQuery(myFeedbackQueryOptions);
}
