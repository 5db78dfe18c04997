import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { formatDate, type Holding } from '@wallx/shared';
import { ListLoadFailed } from '../../components/list-empty';
import { PageHeader } from '../../components/page-header';
import { PagedList, useErrorToast } from '../../components/paged-list';
import { PullRefresh } from '../../components/pull-refresh';
import { InfoIcon, PinIcon, TruckIcon } from '../../components/screen-icons';
import { useHoldings } from './api/get-holdings';
import { useShippingRequests } from './api/get-shipping-requests';
import { pickupAvailability, type PickupAvailability } from './holding-rules';
import { RequestCard } from './request-card';
import { RequestSheet, type RequestKind } from './request-sheets';
import { EmptyState, ListSkeleton, Section, shippingListLook } from './shipping-parts';
import { StoreIcon } from './shipping-icons';
import { ProductRow } from './voucher-parts';
import '../../components/card-list.css';
import '../../components/funds-form.css';
import './shipping-shared.css';
import './address-screen.css';
import './voucher-parts.css';
import './shipping-screen.css';
import './request-sheets.css';
import './validator-screen.css';

/** Whether pick-up is open, said before the user tries ('Pick-up not yet available', with its date). */
function PickupLine({ availability }: { availability: PickupAvailability }) {
  const { t } = useTranslation();
  return (
    <p className={`holding-card__pickup is-${availability.kind}`} data-testid="pickup-availability">
      <StoreIcon />
      {availability.kind === 'open' ? t('shipping.pickup_open') : t('errors.pickup_not_available')}
      {availability.kind === 'later' && (
        <small>{t('shipping.pickup_from', { date: formatDate(availability.from, 'Y-m-d') })}</small>
      )}
    </p>
  );
}

function HoldingCard({
  holding,
  now,
  onRequest,
}: {
  holding: Holding;
  now: number;
  onRequest: (kind: RequestKind) => void;
}) {
  const { t } = useTranslation();
  const availability = pickupAvailability(holding, now);
  return (
    <article className="list-card holding-card" data-holding={`${holding.kind}-${holding.id}`}>
      <ProductRow product={holding.product} machineNo={holding.machine_no}>
        <PickupLine availability={availability} />
      </ProductRow>
      <div className="list-card__foot holding-card__foot">
        <button type="button" className="button button--ghost button--small" onClick={() => onRequest('delivery')}>
          <TruckIcon />
          {t('shipping.deliver')}
        </button>
        <button
          type="button"
          className="button button--primary button--small"
          onClick={() => onRequest('pickup')}
          disabled={availability.kind !== 'open'}
        >
          <StoreIcon />
          {t('shipping.pick_up')}
        </button>
      </div>
    </article>
  );
}

/** The account's request, made once for life: it takes the place of the request buttons. */
function MyRequest() {
  const { t } = useTranslation();
  const requests = useShippingRequests();
  return (
    <Section id="my-request" title={t('shipping.my_request')}>
      <PagedList
        look={shippingListLook}
        query={requests}
        label={t('shipping.my_request')}
        renderItem={(request) => <RequestCard request={request} />}
        empty={<EmptyState title={t('shipping.requests_failed')} />}
      />
    </Section>
  );
}

/** The search parameter of an open request sheet: `pickup:order-12`. */
const REQUEST_PARAM = 'request';
const requestKinds: readonly RequestKind[] = ['delivery', 'pickup'];

/**
 * The request sheet open, as part of the URL: Back closes it, and a visit to /address made from it
 * returns to it open, as the user left it.
 */
function useRequestSheet(items: Holding[]) {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const value = params.get(REQUEST_PARAM);
  const request = useMemo(() => {
    const [kind, key] = value?.split(':') ?? [];
    const holding = items.find((item) => `${item.kind}-${item.id}` === key);
    return holding && requestKinds.includes(kind as RequestKind) ? { kind: kind as RequestKind, holding } : null;
  }, [value, items]);
  const isOpenedHere = (location.state as { isSheet?: boolean } | null)?.isSheet === true;
  return {
    request,
    open: (kind: RequestKind, holding: Holding) =>
      setParams({ [REQUEST_PARAM]: `${kind}:${holding.kind}-${holding.id}` }, { state: { isSheet: true } }),
    close: () => (isOpenedHere ? void navigate(-1) : setParams({}, { replace: true })),
  };
}

function Holdings({ items, onRefresh }: { items: Holding[]; onRefresh: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const sheet = useRequestSheet(items);
  // When the screen opened: pick-up dates are days apart, and the server judges the request anyway.
  const [now] = useState(() => Date.now());
  return (
    <Section id="holdings" title={t('shipping.holdings')}>
      <PullRefresh onRefresh={onRefresh}>
        {items.length === 0 ? (
          <EmptyState
            title={t('shipping.holdings_empty')}
            text={t('shipping.holdings_empty_text')}
            action={
              <Link to="/mines?tab=machine" className="button button--ghost">
                {t('shipping.browse')}
              </Link>
            }
          />
        ) : (
          <ul className="card-list ship-list" aria-label={t('shipping.holdings')}>
            {items.map((holding) => (
              <li key={`${holding.kind}-${holding.id}`} className="card-list__item">
                <HoldingCard holding={holding} now={now} onRequest={(kind) => sheet.open(kind, holding)} />
              </li>
            ))}
          </ul>
        )}
      </PullRefresh>
      <RequestSheet request={sheet.request} onClose={sheet.close} />
    </Section>
  );
}

export function ShippingScreen() {
  const { t } = useTranslation();
  const holdings = useHoldings();
  useErrorToast(holdings.error);
  const addressLink = (
    <Link to="/address" className="icon-button icon-button--plain ship-header-link" aria-label={t('user.address_book')}>
      <PinIcon />
    </Link>
  );
  let content;
  if (holdings.data) {
    content = holdings.data.requested ? (
      <MyRequest />
    ) : (
      <Holdings items={holdings.data.items} onRefresh={() => holdings.refetch({ throwOnError: true })} />
    );
  } else if (holdings.isPending) {
    content = <ListSkeleton />;
  } else {
    content = (
      <ListLoadFailed
        text={t('shipping.holdings_failed')}
        className="ship-empty"
        onRetry={() => void holdings.refetch()}
      />
    );
  }
  return (
    <div className="screen shipping-screen">
      <PageHeader title={t('user.shipping')} end={addressLink} />
      <p className="ship-lead">
        <InfoIcon />
        {t('shipping.lead')}
      </p>
      {content}
    </div>
  );
}
