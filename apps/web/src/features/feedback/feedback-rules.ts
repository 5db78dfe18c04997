import { errorCatalog, FEEDBACK_LIMITS } from '@wallx/shared';
import type { FieldError } from '../../lib/use-form';

export type FeedbackForm = { title: string; detail: string };
export type FeedbackField = keyof FeedbackForm;

/** The server's rules (shared limits), so that a message is refused before it is sent, on its field. */
export function validateFeedback(form: FeedbackForm): Partial<Record<FeedbackField, FieldError>> {
  const errors: Partial<Record<FeedbackField, FieldError>> = {};
  const title = form.title.trim();
  const detail = form.detail.trim();
  if (title === '') errors.title = 'feedback.title_required';
  else if (title.length > FEEDBACK_LIMITS.title)
    errors.title = { key: 'feedback.too_long', values: { max: FEEDBACK_LIMITS.title } };
  if (detail === '') errors.detail = 'feedback.detail_required';
  else if (detail.length > FEEDBACK_LIMITS.detail)
    errors.detail = { key: 'feedback.too_long', values: { max: FEEDBACK_LIMITS.detail } };
  return errors;
}

/** The field a refusal is about: the server names title or detail; too many messages is about the whole form. */
export function feedbackFieldOfError(error: { code: number; field?: string | undefined }): FeedbackField | undefined {
  if (error.code === errorCatalog.feedback_too_many.code) return undefined;
  return error.field === 'title' || error.field === 'detail' ? error.field : undefined;
}
