import { describe, expect, it } from 'vitest';
import { errorCatalog, FEEDBACK_LIMITS } from '@wallx/shared';
import { feedbackFieldOfError, validateFeedback } from './feedback-rules';

describe('validateFeedback', () => {
  it('asks for both parts, blanks counting as nothing', () => {
    expect(validateFeedback({ title: '  ', detail: '\n' })).toEqual({
      title: 'feedback.title_required',
      detail: 'feedback.detail_required',
    });
  });

  it('takes each part up to its limit, after trimming, and refuses one character more', () => {
    const title = 'x'.repeat(FEEDBACK_LIMITS.title);
    const detail = 'y'.repeat(FEEDBACK_LIMITS.detail);
    expect(validateFeedback({ title: ` ${title} `, detail: `${detail}\n` })).toEqual({});
    expect(validateFeedback({ title: `${title}x`, detail: `${detail}y` })).toEqual({
      title: { key: 'feedback.too_long', values: { max: FEEDBACK_LIMITS.title } },
      detail: { key: 'feedback.too_long', values: { max: FEEDBACK_LIMITS.detail } },
    });
  });
});

describe('feedbackFieldOfError', () => {
  it('puts a refusal on the field the server names, and too many messages on none', () => {
    expect(feedbackFieldOfError({ code: errorCatalog.invalid_params.code, field: 'detail' })).toBe('detail');
    expect(feedbackFieldOfError({ code: errorCatalog.invalid_params.code, field: 'title' })).toBe('title');
    expect(feedbackFieldOfError({ code: errorCatalog.invalid_params.code, field: 'other' })).toBeUndefined();
    expect(feedbackFieldOfError({ code: errorCatalog.feedback_too_many.code })).toBeUndefined();
  });
});
