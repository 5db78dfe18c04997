import { useTranslation } from 'react-i18next';
import { CANCEL_NOTE, type Market } from '@wallx/shared';
import { ReasonDialog } from '../../components/reason-dialog';
import { useCancelOrder } from './api/cancel-order';
import type { MarketOrder } from './api/get-market-orders';

type Props = { market: Market; order: MarketOrder; onDone: (order: MarketOrder) => void; onClose: () => void };

/** Cancelling an order says why: the seller reads the reason on their order, the audit log keeps it. */
export function CancelDialog({ market, order, onDone, onClose }: Props) {
  const { t } = useTranslation();
  const mutation = useCancelOrder();
  const what =
    'amount' in order
      ? t('markets.c2c_summary', { amount: order.amount, price: order.unit_price })
      : t('markets.mtrade_summary', { machine: order.machine_no, price: order.unit_price });
  return (
    <ReasonDialog
      title={t('markets.cancel_title', { id: order.id })}
      rule={CANCEL_NOTE}
      label={t('markets.reason')}
      hint={t('markets.reason_hint', { min: CANCEL_NOTE.min, max: CANCEL_NOTE.max })}
      tooShort={t('markets.reason_too_short', { min: CANCEL_NOTE.min })}
      tooLong={t('markets.reason_too_long', { max: CANCEL_NOTE.max })}
      cancelLabel={t('markets.keep_order')}
      submitLabel={t('markets.confirm_cancel')}
      busyLabel={t('markets.cancelling')}
      danger
      busy={mutation.isPending}
      onSubmit={(reason, refuse) =>
        mutation.mutate({ market, id: order.id, reason }, { onSuccess: onDone, onError: refuse })
      }
      onClose={onClose}
    >
      <p className="muted">{what}</p>
      <p>{t(market === 'c2c' ? 'markets.cancel_effect_c2c' : 'markets.cancel_effect_mtrade')}</p>
    </ReasonDialog>
  );
}
