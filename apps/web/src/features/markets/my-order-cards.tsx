import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatNumber, langText, shortAddress, type C2cOrder, type MtradeOrder } from '@wallx/shared';
import { useLanguage } from '../../lib/i18n';
import type { OrderRole } from './api/get-my-orders';
import { minus } from '@wallx/shared';
import { CardStat, CardStats, CatalogImage } from '../../components/card-parts';
import { StatusTag } from './status-tag';
import { TimeLeftBadge } from './time-left-badge';
import { useCancelAction } from './use-order-actions';

const DATE_FORMAT = 'Y-m-d H:i';

type Order = MtradeOrder | C2cOrder;

/** When the order was listed and how it ended (or when it ends), one line each. */
function OrderTimes({ order }: { order: Order }) {
  const { t } = useTranslation();
  const lines: string[] = [t('markets.listed_at', { time: formatDate(order.created_at, DATE_FORMAT) })];
  if (order.status === 'filled' && order.filled_at)
    lines.push(t('markets.filled_at', { time: formatDate(order.filled_at, DATE_FORMAT) }));
  else if (order.status === 'cancelled' && order.cancelled_at) {
    lines.push(t('markets.cancelled_at', { time: formatDate(order.cancelled_at, DATE_FORMAT) }));
    // An operator's cancel says why (decision 60); the seller's own or an expiry needs no words.
    if (order.cancel_reason === 'operator' && order.cancel_note)
      lines.push(t('markets.cancelled_by_support', { note: order.cancel_note }));
  } else lines.push(t('markets.ends_at', { time: formatDate(order.expires_at, DATE_FORMAT) }));
  return (
    <ul className="my-order__times">
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}

function Counterpart({ order, role }: { order: Order; role: OrderRole }) {
  const { t } = useTranslation();
  const address = role === 'sell' ? order.buyer : order.seller;
  if (!address) return null;
  return (
    <p className="my-order__party" title={address}>
      {role === 'sell' ? t('markets.buyer') : t('markets.seller')} {shortAddress(address)}
    </p>
  );
}

function CardFoot({
  order,
  role,
  now,
  cancelButton,
}: {
  order: Order;
  role: OrderRole;
  now: number;
  cancelButton: ReactNode;
}) {
  const isOpen = order.status === 'pending';
  return (
    <div className="my-order__foot">
      <OrderTimes order={order} />
      <div className="my-order__actions">
        {isOpen && <TimeLeftBadge expiresAt={order.expires_at} now={now} />}
        {isOpen && role === 'sell' && cancelButton}
      </div>
    </div>
  );
}

function CancelButton({ onCancel, isCancelling }: { onCancel: () => void; isCancelling: boolean }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="button button--danger button--small my-order__cancel"
      onClick={onCancel}
      disabled={isCancelling}
      aria-busy={isCancelling}
    >
      {isCancelling ? t('markets.cancelling') : t('markets.cancel_order')}
    </button>
  );
}

export function MtradeMyOrderCard({ order, role, now }: { order: MtradeOrder; role: OrderRole; now: number }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { cancel, cancellingId } = useCancelAction('mtrade');
  const isSeller = role === 'sell';
  return (
    <article
      className="list-card market-card my-order"
      data-order={order.id}
      data-machine={order.machine_no}
      data-status={order.status}
      aria-label={order.machine_no}
    >
      <div className="market-card__top">
        <CatalogImage src={order.product.image} className="market-card__image market-card__image--small" />
        <div className="market-card__main">
          <p className="market-card__no">
            <span className="market-card__no-label">{t('markets.machine_no')}</span>{' '}
            <span className="market-card__no-value">{order.machine_no}</span>
          </p>
          <h3 className="market-card__name">{langText(order.product.name, language)}</h3>
          <Counterpart order={order} role={role} />
        </div>
        <StatusTag status={order.status} />
      </div>
      <CardStats className="mk-stats mk-stats--three">
        <CardStat label={t('markets.price')} unit="USDT" testId="order-price">
          {formatNumber(order.unit_price, 6)}
        </CardStat>
        <CardStat label={t('markets.fee')} unit="USDT">
          {formatNumber(order.fee, 12)}
        </CardStat>
        <CardStat label={isSeller ? t('markets.you_receive') : t('markets.you_paid')} unit="USDT" testId="order-net">
          {formatNumber(isSeller ? minus(order.unit_price, order.fee) : order.unit_price, 12)}
        </CardStat>
      </CardStats>
      <CardFoot
        order={order}
        role={role}
        now={now}
        cancelButton={
          <CancelButton
            isCancelling={cancellingId === order.id}
            onCancel={() => void cancel(order.id, t('markets.cancel_mtrade_confirm', { machine_no: order.machine_no }))}
          />
        }
      />
    </article>
  );
}

export function C2cMyOrderCard({ order, role, now }: { order: C2cOrder; role: OrderRole; now: number }) {
  const { t } = useTranslation();
  const { cancel, cancellingId } = useCancelAction('c2c');
  const amount = formatNumber(order.amount, 0);
  return (
    <article
      className="list-card market-card my-order c2c-card"
      data-order={order.id}
      data-status={order.status}
      aria-label={`${amount} WALLX`}
    >
      <div className="c2c-card__top">
        <p className="c2c-card__amount">
          <span className="c2c-card__amount-value" data-testid="order-amount">
            {amount}
          </span>
          <span className="c2c-card__amount-unit">WALLX</span>
        </p>
        <StatusTag status={order.status} />
      </div>
      <Counterpart order={order} role={role} />
      <CardStats className="mk-stats mk-stats--three">
        <CardStat label={t('markets.unit_price')} unit="USDT" testId="order-price">
          {formatNumber(order.unit_price, 6)}
        </CardStat>
        <CardStat label={t('markets.total')} unit="USDT" testId="order-total">
          {formatNumber(order.total, 12)}
        </CardStat>
        <CardStat label={t('markets.fee')} unit="WALLX">
          {formatNumber(order.fee, 6)}
        </CardStat>
      </CardStats>
      <CardFoot
        order={order}
        role={role}
        now={now}
        cancelButton={
          <CancelButton
            isCancelling={cancellingId === order.id}
            onCancel={() => void cancel(order.id, t('markets.cancel_c2c_confirm', { amount }))}
          />
        }
      />
    </article>
  );
}
