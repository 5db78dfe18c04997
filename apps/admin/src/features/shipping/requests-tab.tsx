import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  langText,
  roleCan,
  shippingKinds,
  shippingStatuses,
  type OperatorShippingRequest,
  type ShippingKind,
  type ShippingStatus,
} from '@wallx/shared';
import { DetailPanel } from '../../components/detail-panel';
import { ExportButton } from '../../components/export-button';
import { addressColumn, PagedTable, RowButton, timeColumn } from '../../components/paged-table';
import { formatTime } from '../../lib/format';
import { useLanguage } from '../../lib/i18n';
import { rowsOf } from '../../lib/paged-query';
import { useOperatorSession } from '../../lib/session-store';
import { useRegions } from './api/get-regions';
import { useRequests } from './api/get-requests';
import type { RequestFilters } from './api/keys';
import { regionLabel } from './regions';
import { requestCsvColumns } from './shipping-csv';
import { ShipForm } from './ship-form';
import { DoneNotice } from '../../components/form-parts';
import { Fact } from '../../components/fact';

function filtersOf(params: URLSearchParams): RequestFilters {
  const status = params.get('status');
  const kind = params.get('kind');
  return {
    status: (shippingStatuses as readonly string[]).includes(status ?? '') ? (status as ShippingStatus) : null,
    kind: (shippingKinds as readonly string[]).includes(kind ?? '') ? (kind as ShippingKind) : null,
  };
}

/** A request as the panel shows it: who, what, where to, and how far it got. */
function RequestFacts({ request }: { request: OperatorShippingRequest }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const regions = useRegions().data;
  return (
    <dl className="facts">
      <Fact label={t('shipping.user')} code={request.user} />
      <Fact label={t('shipping.product')}>{langText(request.product.name, language)}</Fact>
      <Fact label={t('shipping.machine_no')}>{request.machine_no ?? '—'}</Fact>
      <Fact label={t('shipping.kind')}>{t(`shipping.kind_${request.kind}`)}</Fact>
      <Fact label={t('shipping.status')}>
        <span className={`status status--${request.status}`}>{t(`shipping.status_${request.status}`)}</span>
      </Fact>
      <Fact label={t('shipping.requested')}>{formatTime(request.created_at)}</Fact>
      {request.address && (
        <>
          <Fact label={t('shipping.recipient')}>
            {request.address.recipient} · {request.address.phone}
          </Fact>
          <dt>{t('shipping.address')}</dt>
          <dd className="message-text">
            {request.address.detail}
            {'\n'}
            {regionLabel(regions, request.address.country, request.address.province, language)}{' '}
            {request.address.postcode}
          </dd>
        </>
      )}
      {request.point && (
        <>
          <Fact label={t('shipping.point')}>
            {langText(request.point.name, language)}
            <div className="muted">{langText(request.point.address, language)}</div>
          </Fact>
        </>
      )}
      {request.shipped_at && (
        <>
          <Fact label={t('shipping.shipped_at')}>{formatTime(request.shipped_at)}</Fact>
          <Fact label={t('shipping.tracking')}>
            {request.carrier} {request.tracking_no}
          </Fact>
        </>
      )}
      {request.written_off_at && (
        <>
          <Fact label={t('shipping.written_off_at')}>{formatTime(request.written_off_at)}</Fact>
        </>
      )}
    </dl>
  );
}

export function RequestsTab() {
  const { t } = useTranslation();
  const language = useLanguage();
  const role = useOperatorSession().session?.operator.role ?? 'viewer';
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const list = useRequests(filters);
  const regions = useRegions().data;
  const [selected, setSelected] = useState<OperatorShippingRequest | null>(null);
  const items = rowsOf(list);
  const statusId = useId();
  const kindId = useId();

  function setFilter(name: 'status' | 'kind', value: string) {
    const next = new URLSearchParams(params);
    if (value === '') next.delete(name);
    else next.set(name, value);
    setParams(next);
    setSelected(null);
  }

  return (
    <>
      <div className="filters filters--bar">
        <div className="field field--inline">
          <label htmlFor={statusId} className="field__label">
            {t('shipping.status')}
          </label>
          <select
            id={statusId}
            value={filters.status ?? ''}
            onChange={(event) => setFilter('status', event.target.value)}
          >
            <option value="">{t('shipping.all')}</option>
            {shippingStatuses.map((status) => (
              <option key={status} value={status}>
                {t(`shipping.status_${status}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field field--inline">
          <label htmlFor={kindId} className="field__label">
            {t('shipping.kind')}
          </label>
          <select id={kindId} value={filters.kind ?? ''} onChange={(event) => setFilter('kind', event.target.value)}>
            <option value="">{t('shipping.all')}</option>
            {shippingKinds.map((kind) => (
              <option key={kind} value={kind}>
                {t(`shipping.kind_${kind}`)}
              </option>
            ))}
          </select>
        </div>
        <span className="filters__spacer" />
        <ExportButton name="shipping-requests" columns={requestCsvColumns} rows={items} />
      </div>
      <div className={`split${selected ? ' split--open' : ''}`}>
        <PagedTable
          list={list}
          rows={items}
          rowKey={(item) => item.id}
          selectedKey={selected?.id ?? null}
          rowAttribute="request"
          columns={[
            timeColumn(t('shipping.requested'), (item: OperatorShippingRequest) => item.created_at),
            addressColumn(t('shipping.user'), (item: OperatorShippingRequest) => item.user),
            {
              header: t('shipping.product'),
              className: 'table__title',
              cell: (item) => (
                <>
                  <RowButton link label={t('shipping.open_request', { id: item.id })} onClick={() => setSelected(item)}>
                    {langText(item.product.name, language)}
                  </RowButton>
                  {item.machine_no && <div className="muted small">{item.machine_no}</div>}
                </>
              ),
            },
            {
              header: t('shipping.destination'),
              cell: (item) => (
                <>
                  {item.address
                    ? `${item.address.recipient} · ${regionLabel(regions, item.address.country, item.address.province, language)}`
                    : item.point
                      ? langText(item.point.name, language)
                      : '—'}
                  <div className="muted small">{t(`shipping.kind_${item.kind}`)}</div>
                </>
              ),
            },
            {
              header: t('shipping.status'),
              cell: (item) => (
                <>
                  <span className={`status status--${item.status}`}>{t(`shipping.status_${item.status}`)}</span>
                  {item.tracking_no && (
                    <div className="muted small nowrap">{`${item.carrier ?? ''} ${item.tracking_no}`}</div>
                  )}
                </>
              ),
            },
          ]}
        />
        {selected && (
          <DetailPanel title={t('shipping.request_title', { id: selected.id })} onClose={() => setSelected(null)}>
            <RequestFacts request={selected} />
            {selected.kind === 'delivery' &&
              selected.status === 'to_ship' &&
              (roleCan(role, 'support') ? (
                <ShipForm
                  key={selected.id}
                  request={selected}
                  onShipped={(shipped) => setSelected({ ...selected, ...shipped })}
                />
              ) : (
                <p className="notice notice--info">{t('shipping.cannot_ship', { role: t(`roles.${role}`) })}</p>
              ))}
            {selected.kind === 'delivery' && selected.status === 'shipped' && (
              <DoneNotice>{t('shipping.shipped_notice')}</DoneNotice>
            )}
          </DetailPanel>
        )}
      </div>
    </>
  );
}
