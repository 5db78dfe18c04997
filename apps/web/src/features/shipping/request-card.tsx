import { useTranslation } from 'react-i18next';
import { formatDate, type ShippingRequest } from '@wallx/shared';
import { CopyIcon, TruckIcon } from '../../components/screen-icons';
import { copyWithToast } from '../../lib/copy';
import { useLanguage } from '../../lib/i18n';
import { useRegions } from './api/get-regions';
import { regionParts } from './regions';
import { StatusTag } from './shipping-parts';
import { TicketIcon } from './shipping-icons';
import { Fact, PointDetails, ProductRow, VoucherCode } from './voucher-parts';

const time = (iso: string) => formatDate(iso, 'Y-m-d H:i');

function DeliveryBody({ request }: { request: ShippingRequest }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const regions = useRegions();
  const { address } = request;
  return (
    <>
      {address && (
        <div className="request-card__address">
          <p className="request-card__who">
            <strong>{address.recipient}</strong> {address.phone}
          </p>
          <p>
            {t('shipping.region_format', regionParts(regions.data, address.country, address.province, language))} ·{' '}
            {address.postcode}
          </p>
          <p>{address.detail}</p>
        </div>
      )}
      {request.status === 'shipped' ? (
        <dl className="ship-facts">
          <Fact label={t('shipping.carrier')} testId="carrier">
            {request.carrier}
          </Fact>
          <Fact label={t('shipping.tracking_no')}>
            <span className="ship-fact__copyable">
              <span data-testid="tracking-no">{request.tracking_no}</span>
              <button
                type="button"
                className="copy-button"
                onClick={() => void copyWithToast(request.tracking_no ?? '')}
                aria-label={t('shipping.copy_tracking')}
              >
                <CopyIcon />
              </button>
            </span>
          </Fact>
        </dl>
      ) : (
        <p className="request-card__note">{t('shipping.to_ship_text')}</p>
      )}
    </>
  );
}

function PickupBody({ request }: { request: ShippingRequest }) {
  const { t } = useTranslation();
  const isUsed = request.status === 'written_off';
  return (
    <>
      {request.code && <VoucherCode code={request.code} isUsed={isUsed} canCopy={!isUsed} />}
      <p className={`request-card__note${isUsed ? ' is-done' : ''}`}>
        {t(isUsed ? 'shipping.voucher_used' : 'shipping.voucher_hint')}
      </p>
      {request.point && <PointDetails point={request.point} />}
    </>
  );
}

/** My one request: a delivery with its address and tracking, or a pick-up voucher with its code. */
export function RequestCard({ request }: { request: ShippingRequest }) {
  const { t } = useTranslation();
  const isPickup = request.kind === 'pickup';
  const Icon = isPickup ? TicketIcon : TruckIcon;
  const doneAt = request.written_off_at ?? request.shipped_at;
  return (
    <article
      className={`list-card request-card request-card--${request.kind}`}
      data-request={request.id}
      data-status={request.status}
    >
      <header className="request-card__head">
        <h2 className="request-card__title">
          <Icon />
          {t(isPickup ? 'shipping.voucher' : 'shipping.kind_delivery')}
        </h2>
        <StatusTag status={request.status} />
      </header>
      <ProductRow product={request.product} machineNo={request.machine_no} />
      {isPickup ? <PickupBody request={request} /> : <DeliveryBody request={request} />}
      <footer className="request-card__times">
        <time dateTime={request.created_at}>{t('shipping.requested_at', { time: time(request.created_at) })}</time>
        {doneAt && (
          <time dateTime={doneAt}>
            {t(request.written_off_at ? 'shipping.written_off_at' : 'shipping.shipped_at', { time: time(doneAt) })}
          </time>
        )}
      </footer>
    </article>
  );
}
