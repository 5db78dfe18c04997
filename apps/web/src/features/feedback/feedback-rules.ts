import { errorCatalog, feedbackRequestRules, formProblems, type FieldRule } from '@wallx/shared';
import type { FieldError } from '../../lib/use-form';

export type FeedbackForm = { title: string; detail: string };
export type FeedbackField = keyof FeedbackForm;

const tooLong = (rule: FieldRule): FieldError => ({ key: 'feedback.too_long', values: { max: rule.maxLength! } });

/** The schema's rules (feedbackRequestSchema), so that a message is refused before it is sent, on its field. */
export function validateFeedback(form: FeedbackForm): Partial<Record<FeedbackField, FieldError>> {
  return formProblems<FeedbackField, FieldError>(feedbackRequestRules, form, {
    title: { required: 'feedback.title_required', too_long: tooLong },
    detail: { required: 'feedback.detail_required', too_long: tooLong },
  });
}

/** The field a refusal is about: the server names title or detail; too many messages is about the whole form. */
export function feedbackFieldOfError(error: { code: number; field?: string | undefined }): FeedbackField | undefined {
  if (error.code === errorCatalog.feedback_too_many.code) return undefined;
  return error.field === 'title' || error.field === 'detail' ? error.field : undefined;
}
