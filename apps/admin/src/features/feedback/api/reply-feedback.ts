import type { OperatorFeedback } from '@wallx/shared';
import { api } from '../../../lib/api';
import { useAuditedMutation } from '../../../lib/audited-mutation';
import { feedbackKeys } from './keys';

export function replyToFeedback(id: string, reply: string): Promise<OperatorFeedback> {
  return api
    .post<{ feedback: OperatorFeedback }>(`/api/admin/feedback/${encodeURIComponent(id)}/reply`, { reply })
    .then((result) => result.feedback);
}

export function useReplyToFeedback() {
  // The reply moves the message from 'open' to 'replied', and writes an audit row.
  return useAuditedMutation(
    ({ id, reply }: { id: string; reply: string }) => replyToFeedback(id, reply),
    [feedbackKeys.all],
  );
}
