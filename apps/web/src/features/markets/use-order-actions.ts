import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-error';
import { confirmDialog } from '../../lib/confirm-dialog';
import { showToast } from '../../lib/toast';
import { useIdempotentSubmit } from '../../lib/use-idempotent-submit';
import { useBuyOrder } from './api/buy-order';
import { useCancelOrder } from './api/cancel-order';
import type { Market } from './api/page';

type Texts = { confirm: string; success: string };

function toastRefusal(error: unknown, fallback: string): void {
  showToast(error instanceof ApiError ? error.message : fallback);
}

/**
 * Buying from a list: a confirmation that names what is paid, then the request with an idempotency
 * key per order (a retry after a lost answer cannot pay twice), then the server's verdict.
 */
export function useBuyAction(market: Market) {
  const { t } = useTranslation();
  const mutation = useBuyOrder(market);
  const sendBuy = useIdempotentSubmit(mutation.mutateAsync);
  const [buyingId, setBuyingId] = useState<string | null>(null);

  async function buy(id: string, texts: Texts): Promise<void> {
    if (mutation.isPending) return;
    const isConfirmed = await confirmDialog({ content: texts.confirm, confirmText: t('markets.buy'), cancelText: t('common.cancel') });
    if (!isConfirmed) return;
    setBuyingId(id);
    try {
      await sendBuy({ id });
      showToast(texts.success, 'success');
    } catch (error) {
      toastRefusal(error, t('errors.internal'));
    } finally {
      setBuyingId(null);
    }
  }

  return { buy, buyingId };
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
    const isConfirmed = await confirmDialog({ content: confirm, confirmText: t('markets.cancel_order'), cancelText: t('markets.keep_order') });
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
