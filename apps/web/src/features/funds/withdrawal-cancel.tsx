import { useTranslation } from 'react-i18next';
import { ApiError, formatNumber, type Withdrawal } from '@wallx/shared';
import { confirmDialog } from '../../lib/confirm-dialog';
import { showToast } from '../../lib/toast';
import { useIdempotentSubmit } from '../../lib/use-idempotent-submit';
import { useCancelWithdrawal } from './api/cancel-withdrawal';

/**
 * The owner's "Cancel" on a withdrawal awaiting review, after a confirmation saying what comes back.
 * An operator may approve it meanwhile: the server decides, and its refusal is shown as it is.
 */
export function CancelWithdrawalButton({ withdrawal }: { withdrawal: Withdrawal }) {
  const { t } = useTranslation();
  const mutation = useCancelWithdrawal();
  const send = useIdempotentSubmit(mutation.mutateAsync);

  async function cancel() {
    if (mutation.isPending) return;
    const isConfirmed = await confirmDialog({
      content: t('chain.cancel_withdrawal_confirm', {
        amount: formatNumber(withdrawal.amount, 6),
        fee: formatNumber(withdrawal.fee, 6),
        asset: withdrawal.asset,
      }),
      confirmText: t('chain.cancel_withdrawal_yes'),
      cancelText: t('chain.cancel_withdrawal_keep'),
    });
    if (!isConfirmed) return;
    try {
      await send({ id: withdrawal.id });
      showToast(t('chain.cancel_withdrawal_success'), 'success');
    } catch (error) {
      showToast(error instanceof ApiError ? error.message : t('errors.internal'));
    }
  }

  return (
    <button
      type="button"
      className="chain-item__cancel"
      onClick={() => void cancel()}
      disabled={mutation.isPending}
      aria-label={`${t('chain.cancel_withdrawal_yes')} ${formatNumber(withdrawal.amount, 6)} ${withdrawal.asset}`}
    >
      {t('chain.cancel_withdrawal')}
    </button>
  );
}
