import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FEEDBACK_LIMITS, type OperatorFeedback, ApiError } from '@wallx/shared';
import { useReplyToFeedback } from './api/reply-feedback';

type Props = { feedback: OperatorFeedback; onReplied?: (feedback: OperatorFeedback) => void };

/** The reply is checked here by the same rule the server applies (1 to 2000 characters, trimmed); the server's word wins. */
export function ReplyForm({ feedback, onReplied }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const [reply, setReply] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const mutation = useReplyToFeedback();
  const max = FEEDBACK_LIMITS.reply;

  function validate(text: string): string | null {
    const trimmed = text.trim();
    if (trimmed === '') return t('feedback.reply_required');
    if (trimmed.length > max) return t('feedback.reply_too_long', { max });
    return null;
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const problem = validate(reply);
    setFieldError(problem);
    setFormError(null);
    if (problem) return;
    mutation.mutate(
      { id: feedback.id, reply: reply.trim() },
      {
        onSuccess: (updated) => {
          setReply('');
          onReplied?.(updated);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.field === 'reply') setFieldError(error.message);
          else setFormError(error.message);
        },
      },
    );
  }

  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return (
    <form className="reply-form" onSubmit={submit} noValidate>
      <label htmlFor={id} className="field__label">
        {t('feedback.reply')}
      </label>
      <textarea
        id={id}
        className="input textarea"
        rows={6}
        value={reply}
        maxLength={max}
        aria-invalid={fieldError ? true : undefined}
        aria-describedby={fieldError ? `${errorId} ${hintId}` : hintId}
        onChange={(event) => {
          setReply(event.target.value);
          if (fieldError) setFieldError(null);
        }}
      />
      <div className="reply-form__meta">
        <span id={hintId} className="muted">
          {t('feedback.reply_hint', { max })}
        </span>
        <span className="muted" aria-hidden="true">
          {reply.length}/{max}
        </span>
      </div>
      {fieldError && (
        <p id={errorId} className="field__error" role="alert">
          {fieldError}
        </p>
      )}
      {formError && (
        <p className="notice notice--error" role="alert">
          {formError}
        </p>
      )}
      <button
        type="submit"
        className="button button--primary"
        disabled={mutation.isPending}
        aria-busy={mutation.isPending}
      >
        {mutation.isPending ? t('feedback.sending') : t('feedback.send_reply')}
      </button>
    </form>
  );
}
