import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  roleCan,
  shortAddress,
  WITHDRAWAL_REVIEW_NOTE,
  type OperatorRole,
  type OperatorWithdrawal,
  type Proposal,
} from '@wallx/shared';
import { DetailPanel } from '../../components/detail-panel';
import { ReasonField, useReason } from '../../components/reason-field';
import { formatTime } from '../../lib/format';
import { useOperatorSession } from '../../lib/session-store';
import { useProposalStep, useWaitingProposal } from './api/proposals';
import { ApproveDialog } from './approve-dialog';
import { useReviewWithdrawal } from './api/withdrawals';
import { WithdrawalStatus } from './money-status';
import { proposalKindLabel, type DecisionNotice } from './proposal-labels';
import { TakeBackButton } from './take-back-button';
import { ErrorNotice } from '../../components/form-parts';
import { Fact } from '../../components/fact';

type Props = { withdrawal: OperatorWithdrawal; role: OperatorRole; onClose: () => void };

/** A withdrawal's facts and, while it waits for an operator, the decision (finance only; the server checks again). */
export function WithdrawalDetail({ withdrawal: w, role, onClose }: Props) {
  const { t } = useTranslation();
  const isWaiting = w.status === 'pending_review' || w.status === 'held';
  // What this operator just did stays said after the withdrawal moves on to its next state.
  const [done, setDone] = useState<DecisionNotice | null>(null);
  return (
    <DetailPanel title={t('money.withdrawal_title', { id: w.id })} onClose={onClose}>
      <dl className="facts">
        {w.aid_grant ? (
          <Fact label={t('money.grant_paid_to')}>
            {t('money.grant_payee', { id: w.aid_grant.id, partner: w.aid_grant.partner })}
          </Fact>
        ) : (
          <Fact label={t('money.user')} code={w.user} />
        )}
        <Fact label={t('money.amount')}>
          {w.amount} {w.asset}
        </Fact>
        <Fact label={t('money.fee')}>
          {w.fee} {w.asset}
        </Fact>
        <Fact label={t('money.to_address')} code={w.to_address} />
        <Fact label={t('money.status')}>
          <WithdrawalStatus status={w.status} />{' '}
          {w.is_stuck && <span className="status status--bad">{t('money.stuck')}</span>}
        </Fact>
        {w.review_reason && (
          <>
            <Fact label={t('money.reason')}>{t(`money.reason_${w.review_reason}`)}</Fact>
          </>
        )}
        <Fact label={t('money.requested')}>{formatTime(w.created_at)}</Fact>
        <Fact label={t('money.updated')}>{formatTime(w.updated_at)}</Fact>
        {w.tx_hash && (
          <>
            <Fact label={t('money.tx')} code={w.tx_hash} />
          </>
        )}
        {w.nonce && (
          <>
            <Fact label={t('money.nonce')}>{w.nonce}</Fact>
          </>
        )}
        {w.failure_reason && (
          <>
            <dt>{t('money.failure')}</dt>
            <dd className="message-text">{w.failure_reason}</dd>
          </>
        )}
      </dl>
      {done ? (
        <p className="notice notice--success" role="status">
          {t(done)}
        </p>
      ) : (
        isWaiting &&
        (roleCan(role, 'money') ? (
          <Decision withdrawal={w} onDone={setDone} />
        ) : (
          <p className="notice notice--info">{t('money.cannot_review', { role: t(`roles.${role}`) })}</p>
        ))
      )}
    </DetailPanel>
  );
}

/** What a finance operator may do now: the proposal waiting about this withdrawal, or a new decision. */
function Decision({
  withdrawal: w,
  onDone,
}: {
  withdrawal: OperatorWithdrawal;
  onDone: (notice: DecisionNotice) => void;
}) {
  const { t } = useTranslation();
  const waiting = useWaitingProposal({ subject_id: w.id });
  if (waiting.isPending) return <p className="muted">{t('table.loading')}</p>;
  if (waiting.data) return <WaitingProposal proposal={waiting.data} onDone={onDone} />;
  return <DecisionForm withdrawal={w} onDone={onDone} />;
}

function WaitingProposal({ proposal: p, onDone }: { proposal: Proposal; onDone: (notice: DecisionNotice) => void }) {
  const { t } = useTranslation();
  const self = useOperatorSession().session?.operator.address ?? '';
  const step = useProposalStep();
  const isMine = p.proposed_by === self;
  const [approving, setApproving] = useState(false);
  return (
    <div className="reply-form" aria-label={t('money.proposal')}>
      <p className="notice notice--info">
        {t('money.proposal_waiting', {
          kind: t(proposalKindLabel[p.kind]),
          by: isMine ? t('operators.you') : shortAddress(p.proposed_by, 12),
          at: formatTime(p.proposed_at),
          reason: p.reason,
        })}
      </p>
      {isMine && <p className="muted">{t('money.proposal_yours')}</p>}
      <ErrorNotice>{step.error?.message}</ErrorNotice>
      <div className="filters__buttons">
        {isMine ? (
          <TakeBackButton proposal={p} step={step} onDone={onDone} />
        ) : (
          <button
            type="button"
            className="button button--primary"
            disabled={step.isPending}
            onClick={() => setApproving(true)}
          >
            {t('money.approve_proposal')}
          </button>
        )}
      </div>
      {approving && (
        <ApproveDialog
          proposal={p}
          onDone={() => onDone('money.proposal_approved_notice')}
          onClose={() => setApproving(false)}
        />
      )}
    </div>
  );
}

/**
 * A new decision with its reason: awaiting review, a rejection (one operator: it only refunds) or a
 * proposal to approve; held, a proposal either way (the chain is asked again when it is approved).
 */
function DecisionForm({
  withdrawal: w,
  onDone,
}: {
  withdrawal: OperatorWithdrawal;
  onDone: (notice: DecisionNotice) => void;
}) {
  const { t } = useTranslation();
  const reason = useReason(WITHDRAWAL_REVIEW_NOTE, {
    tooShort: t('money.reject_reason_required', { min: WITHDRAWAL_REVIEW_NOTE.min }),
    tooLong: t('money.decision_too_long', { max: WITHDRAWAL_REVIEW_NOTE.max }),
  });
  const review = useReviewWithdrawal();
  const step = useProposalStep();
  const busy = review.isPending || step.isPending;
  const failure = review.error ?? step.error;
  type Choice = 'reject' | 'withdrawal.approve' | 'withdrawal.reject';
  const [chosen, setChosen] = useState<Choice | null>(null);

  function decide(choice: Choice) {
    const note = reason.check();
    if (note === null) return;
    setChosen(choice);
    const onError = (error: Error) => void reason.refuse(error, ['note', 'reason']);
    if (choice === 'reject')
      review.mutate(
        { id: w.id, review: { decision: 'reject', note } },
        { onSuccess: () => onDone('money.decided_reject'), onError },
      );
    else
      step.mutate(
        { kind: 'propose', request: { kind: choice, subject_id: w.id, reason: note } },
        { onSuccess: () => onDone('money.proposed_notice'), onError },
      );
  }
  const button = (choice: Choice, label: string, className: string) => (
    <button
      type="button"
      className={`button ${className}`}
      disabled={busy}
      aria-busy={busy && chosen === choice}
      onClick={() => decide(choice)}
    >
      {busy && chosen === choice ? t(choice === 'reject' ? 'money.rejecting' : 'money.proposing') : label}
    </button>
  );

  return (
    <form className="reply-form" onSubmit={(event: FormEvent) => event.preventDefault()} noValidate>
      {w.status === 'held' && <p className="notice notice--error">{t('money.held_warning')}</p>}
      <p className="muted">{t('money.four_eyes')}</p>
      <ReasonField
        reason={reason}
        label={t('money.decision_reason')}
        hint={t('money.decision_hint', { min: WITHDRAWAL_REVIEW_NOTE.min, max: WITHDRAWAL_REVIEW_NOTE.max })}
        rows={3}
      />
      {failure && !reason.error && <ErrorNotice>{failure.message}</ErrorNotice>}
      <div className="filters__buttons">
        {w.status === 'held' ? (
          <>
            {button('withdrawal.approve', t('money.propose_pay_again'), 'button--primary')}
            {button('withdrawal.reject', t('money.propose_refund'), 'button--danger')}
          </>
        ) : (
          <>
            {button('withdrawal.approve', t('money.propose_approve'), 'button--primary')}
            {button('reject', t('money.reject'), 'button--danger')}
          </>
        )}
      </div>
    </form>
  );
}
