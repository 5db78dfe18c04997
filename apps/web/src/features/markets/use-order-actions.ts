import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDialog } from '../../lib/confirm-dialog';
import { showToast } from '../../lib/toast';
import { useIdempotentSubmit } from '../../lib/use-idempotent-submit';
import { useCancelOrder } from './api/cancel-order';
import type { Market } from './api/keys';
import { ApiError } from '@wallx/shared';

function toastRefusal(error: unknown, fallback: string): void {
  showToast(error instanceof ApiError ? error.message : fallback);
}

/**
 * Cancelling my pending sell order, after a confirmation that says what comes back; a retry after a
 * lost answer reuses its idempotency key.
 */
export function useCancelAction(market: Market) {
  const { t } = useTranslation();
  const mutation = useCancelOrder(market);
  const sendCancel = useIdempotentSubmit(mutation.mutateAsync);
  const [cancellingId, setCancellingId] = useState<string | null>(null);

  async function cancel(id: string, confirm: string): Promise<void> {
    if (mutation.isPending) return;
    const isConfirmed = await confirmDialog({
      content: confirm,
      confirmText: t('markets.cancel_order'),
      cancelText: t('markets.keep_order'),
    });
    if (!isConfirmed) return;
    setCancellingId(id);
    try {
      await sendCancel({ id });
      showToast(t('markets.cancel_success'), 'success');
    } catch (error) {
      toastRefusal(error, t('errors.internal'));
    } finally {
      setCancellingId(null);
    }
  }

  return { cancel, cancellingId };
}
