import { useTranslation } from 'react-i18next';
import type { Proposal } from '@wallx/shared';
import type { useProposalStep } from './api/proposals';
import type { DecisionNotice } from './proposal-labels';

/** The proposer takes their own waiting proposal back: nothing is decided. */
export function TakeBackButton({
  proposal: p,
  step,
  onDone,
  small = false,
}: {
  proposal: Proposal;
  step: ReturnType<typeof useProposalStep>;
  onDone?: (notice: DecisionNotice) => void;
  small?: boolean;
}) {
  const { t } = useTranslation();
  const isTakingBack = step.isPending && step.variables.kind === 'withdraw';
  return (
    <button
      type="button"
      className={small ? 'button button--small' : 'button'}
      disabled={step.isPending}
      aria-busy={isTakingBack}
      aria-label={small ? t('money.take_back_proposal_of', { id: p.id }) : undefined}
      onClick={() =>
        // As approving (approve-dialog.tsx): told even once the proposal's row has gone.
        void step.mutateAsync({ kind: 'withdraw', id: p.id }).then(
          () => onDone?.('money.proposal_withdrawn_notice'),
          () => undefined,
        )
      }
    >
      {isTakingBack ? t('money.taking_back') : t('money.take_back_proposal')}
    </button>
  );
}
