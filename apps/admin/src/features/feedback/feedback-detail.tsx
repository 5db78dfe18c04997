import { useTranslation } from 'react-i18next';
import { roleCan, type OperatorFeedback, type OperatorRole } from '@wallx/shared';
import { DetailPanel } from '../../components/detail-panel';
import { formatTime } from '../../lib/format';
import { ReplyForm } from './reply-form';
import { DoneNotice } from '../../components/form-parts';
import { Fact } from '../../components/fact';

type Props = {
  feedback: OperatorFeedback;
  role: OperatorRole;
  justReplied: boolean;
  onReplied: (feedback: OperatorFeedback) => void;
  onClose: () => void;
};

export function FeedbackDetail({ feedback, role, justReplied, onReplied, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <DetailPanel title={feedback.title} onClose={onClose}>
      <dl className="facts">
        <Fact label={t('feedback.user')} code={feedback.user} />
        <Fact label={t('feedback.received')}>{formatTime(feedback.created_at)}</Fact>
        <Fact label={t('feedback.status')}>
          <span className={`status status--${feedback.status}`}>{t(`feedback.status_${feedback.status}`)}</span>
        </Fact>
      </dl>
      <section>
        <h3>{t('feedback.message')}</h3>
        {/* Users' words are text: React escapes them, and line breaks are kept by CSS. */}
        <p className="message-text">{feedback.detail}</p>
      </section>
      {feedback.reply !== null && (
        <section className="reply">
          <h3>{t('feedback.reply')}</h3>
          <p className="message-text">{feedback.reply}</p>
          <p className="muted">
            {t('feedback.replied_at', { time: formatTime(feedback.replied_at), operator: feedback.replied_by ?? '' })}
          </p>
          {justReplied && <DoneNotice>{t('feedback.sent')}</DoneNotice>}
        </section>
      )}
      {feedback.status === 'open' &&
        (roleCan(role, 'support') ? (
          <ReplyForm key={feedback.id} feedback={feedback} onReplied={onReplied} />
        ) : (
          <p className="notice notice--info">{t('feedback.cannot_reply', { role: t(`roles.${role}`) })}</p>
        ))}
    </DetailPanel>
  );
}
