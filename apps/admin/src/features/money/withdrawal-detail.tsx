import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, roleCan, WITHDRAWAL_REVIEW_NOTE_MAX, WITHDRAWAL_REVIEW_NOTE_MIN, type OperatorRole, type OperatorWithdrawal } from '@wallx/shared';
import { DetailPanel } from '../../components/detail-panel';
import { formatTime } from '../../lib/format';
import { useReviewWithdrawal } from './api/withdrawals';
import { WithdrawalStatus } from './money-status';

type Props = { withdrawal: OperatorWithdrawal; role: OperatorRole; onClose: () => void };

/** A withdrawal's facts and, while it waits for an operator, the decision (finance only; the server checks again). */
export function WithdrawalDetail({ withdrawal: w, role, onClose }: Props) {
  const { t } = useTranslation();
  const [decided, setDecided] = useState<'approve' | 'reject' | null>(null);
  const isWaiting = w.status === 'pending_review' || w.status === 'held';
  return (
    <DetailPanel title={t('money.withdrawal_title', { id: w.id })} onClose={onClose}>
      <dl className="facts">
        <dt>{t('money.user')}</dt>
        <dd>
          <code>{w.user}</code>
        </dd>
        <dt>{t('money.amount')}</dt>
        <dd>
          {w.amount} {w.asset}
        </dd>
        <dt>{t('money.fee')}</dt>
        <dd>
          {w.fee} {w.asset}
        </dd>
        <dt>{t('money.to_address')}</dt>
        <dd>
          <code>{w.to_address}</code>
        </dd>
        <dt>{t('money.status')}</dt>
        <dd>
          <WithdrawalStatus status={w.status} /> {w.is_stuck && <span className="status status--bad">{t('money.stuck')}</span>}
        </dd>
        {w.review_reason && (
          <>
            <dt>{t('money.reason')}</dt>
            <dd>{t(`money.reason_${w.review_reason}`)}</dd>
          </>
        )}
        <dt>{t('money.requested')}</dt>
        <dd>{formatTime(w.created_at)}</dd>
        <dt>{t('money.updated')}</dt>
        <dd>{formatTime(w.updated_at)}</dd>
        {w.tx_hash && (
          <>
            <dt>{t('money.tx')}</dt>
            <dd>
              <code>{w.tx_hash}</code>
            </dd>
          </>
        )}
        {w.nonce && (
          <>
            <dt>{t('money.nonce')}</dt>
            <dd>{w.nonce}</dd>
          </>
        )}
        {w.failure_reason && (
          <>
            <dt>{t('money.failure')}</dt>
            <dd className="message-text">{w.failure_reason}</dd>
          </>
        )}
      </dl>
      {decided && (
        <p className="notice notice--success" role="status">
          {t(decided === 'approve' ? 'money.decided_approve' : 'money.decided_reject')}
        </p>
      )}
      {isWaiting &&
        !decided &&
        (roleCan(role, 'money') ? (
          <ReviewForm key={w.id} withdrawal={w} onDecided={setDecided} />
        ) : (
          <p className="notice notice--info">{t('money.cannot_review', { role: t(`roles.${role}`) })}</p>
        ))}
    </DetailPanel>
  );
}

function ReviewForm({ withdrawal: w, onDecided }: { withdrawal: OperatorWithdrawal; onDecided: (decision: 'approve' | 'reject') => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const review = useReviewWithdrawal();
  const pending = review.isPending ? review.variables.review.decision : null;

  function decide(decision: 'approve' | 'reject') {
    setFormError(null);
    if (decision === 'reject' && note.trim().length < WITHDRAWAL_REVIEW_NOTE_MIN) {
      setNoteError(t('money.reject_reason_required', { min: WITHDRAWAL_REVIEW_NOTE_MIN }));
      return;
    }
    if (decision === 'approve' && !window.confirm(t('money.approve_confirm', { amount: w.amount, asset: w.asset, address: w.to_address }))) return;
    const body = decision === 'approve' ? { decision } : { decision, note: note.trim() };
    review.mutate(
      { id: w.id, review: body },
      {
        onSuccess: () => onDecided(decision),
        onError: (error) => {
          if (error instanceof ApiError && error.field === 'note') setNoteError(error.message);
          else setFormError(error.message);
        },
      },
    );
  }

  return (
    <form className="reply-form" onSubmit={(event: FormEvent) => event.preventDefault()} noValidate>
      {w.status === 'held' && <p className="notice notice--error">{t('money.held_warning')}</p>}
      <label htmlFor={id} className="field__label">
        {t('money.reject_reason')}
      </label>
      <textarea
        id={id}
        className="input textarea"
        rows={3}
        value={note}
        maxLength={WITHDRAWAL_REVIEW_NOTE_MAX}
        aria-invalid={noteError ? true : undefined}
        aria-describedby={`${id}-hint${noteError ? ` ${id}-error` : ''}`}
        onChange={(event) => {
          setNote(event.target.value);
          if (noteError) setNoteError(null);
        }}
      />
      <span id={`${id}-hint`} className="muted">
        {t('money.reject_hint', { min: WITHDRAWAL_REVIEW_NOTE_MIN, max: WITHDRAWAL_REVIEW_NOTE_MAX })}
      </span>
      {noteError && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {noteError}
        </p>
      )}
      {formError && (
        <p className="notice notice--error" role="alert">
          {formError}
        </p>
      )}
      <div className="filters__buttons">
        <button type="button" className="button button--primary" disabled={review.isPending} aria-busy={pending === 'approve'} onClick={() => decide('approve')}>
          {pending === 'approve' ? t('money.approving') : t('money.approve')}
        </button>
        <button type="button" className="button button--danger" disabled={review.isPending} aria-busy={pending === 'reject'} onClick={() => decide('reject')}>
          {pending === 'reject' ? t('money.rejecting') : t('money.reject')}
        </button>
      </div>
    </form>
  );
}
