import { useTranslation } from 'react-i18next';
import { shortAddress, type Proposal } from '@wallx/shared';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useProposalStep } from './api/proposals';
import { proposalKindLabel } from './proposal-labels';
import { ProposalSummary } from './proposal-summary';

type Props = { proposal: Proposal; onDone: () => void; onClose: () => void };

/**
 * Approving acts at once (a payout is sent, a deposit credited, an operator given access, the fees
 * changed): the operator reads what, then confirms.
 */
export function ApproveDialog({ proposal: p, onDone, onClose }: Props) {
  const { t } = useTranslation();
  const step = useProposalStep();
  const kind = t(proposalKindLabel[p.kind]);
  return (
    <ConfirmDialog
      title={t('money.approve_confirm_title', { id: p.id })}
      cancelLabel={t('money.approve_confirm_cancel')}
      confirmLabel={t('money.approve_confirm')}
      busyLabel={t('money.approving')}
      busy={step.isPending}
      error={step.error?.message}
      // Not mutate's own onSuccess: the lists read again first, and the row or panel that opened this
      // dialog may have moved on (and unmounted it) before the decision could be told.
      onConfirm={() => void step.mutateAsync({ kind: 'approve', id: p.id }).then(onDone, () => undefined)}
      onClose={onClose}
    >
      {p.subject ? (
        <p>
          {t('money.approve_confirm_text', {
            kind,
            amount: p.subject.amount,
            asset: p.subject.asset,
            user: shortAddress(p.subject.user, 12),
            reason: p.reason,
          })}
        </p>
      ) : (
        <>
          <p>{t('money.approve_change_text', { kind })}</p>
          <ProposalSummary proposal={p} />
        </>
      )}
    </ConfirmDialog>
  );
}
