import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FEEDBACK_REPLY, type OperatorFeedback } from '@wallx/shared';
import { ReasonField, useReason } from '../../components/reason-field';
import { useReplyToFeedback } from './api/reply-feedback';
import { ErrorNotice, SubmitButton } from '../../components/form-parts';

type Props = { feedback: OperatorFeedback; onReplied?: (feedback: OperatorFeedback) => void };

/** The reply is checked here by the same rule the server applies (1 to 2000 characters, trimmed); the server's word wins. */
export function ReplyForm({ feedback, onReplied }: Props) {
  const { t } = useTranslation();
  const reply = useReason(
    FEEDBACK_REPLY,
    { tooShort: t('feedback.reply_required'), tooLong: t('feedback.reply_too_long', { max: FEEDBACK_REPLY.max }) },
    'reply',
  );
  const [formError, setFormError] = useState<string | null>(null);
  const mutation = useReplyToFeedback();

  function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const text = reply.check();
    if (text === null) return;
    mutation.mutate(
      { id: feedback.id, reply: text },
      {
        onSuccess: (updated) => {
          reply.clear();
          onReplied?.(updated);
        },
        onError: (error) => {
          if (!reply.refuse(error)) setFormError(error.message);
        },
      },
    );
  }

  return (
    <form className="reply-form" onSubmit={submit} noValidate>
      <ReasonField
        reason={reply}
        label={t('feedback.reply')}
        hint={t('feedback.reply_hint', { max: FEEDBACK_REPLY.max })}
        rows={6}
        counter
      />
      <ErrorNotice>{formError}</ErrorNotice>
      <SubmitButton busy={mutation.isPending}>
        {mutation.isPending ? t('feedback.sending') : t('feedback.send_reply')}
      </SubmitButton>
    </form>
  );
}
