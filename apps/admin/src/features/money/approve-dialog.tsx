import { useTranslation } from 'react-i18next';
import { shortAddress, type Proposal } from '@wallx/shared';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useProposalStep } from './api/proposals';
import { proposalKindLabel } from './proposal-labels';

type Props = { proposal: Proposal; onDone: () => void; onClose: () => void };

/** Approving moves money at once (a payout is sent, a deposit credited): the operator reads what, then confirms. */
export function ApproveDialog({ proposal: p, onDone, onClose }: Props) {
  const { t } = useTranslation();
  const step = useProposalStep();
  return (
    <ConfirmDialog
      title={t('money.approve_confirm_title', { id: p.id })}
      cancelLabel={t('money.approve_confirm_cancel')}
      confirmLabel={t('money.approve_confirm')}
      busyLabel={t('money.approving')}
      busy={step.isPending}
      error={step.error?.message}
      onConfirm={() => step.mutate({ kind: 'approve', id: p.id }, { onSuccess: onDone })}
      onClose={onClose}
    >
      <p>
        {t('money.approve_confirm_text', {
          kind: t(proposalKindLabel[p.kind]),
          amount: p.subject.amount,
          asset: p.subject.asset,
          user: shortAddress(p.subject.user, 12),
          reason: p.reason,
        })}
      </p>
    </ConfirmDialog>
  );
}
