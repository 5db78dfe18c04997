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

function filtersOf(params: URLSearchParams): RequestFilters {
  const status = params.get('status');
  const kind = params.get('kind');
  return {
    status: (shippingStatuses as readonly string[]).includes(status ?? '') ? (status as ShippingStatus) : null,
    kind: (shippingKinds as readonly string[]).includes(kind ?? '') ? (kind as ShippingKind) : null,
  };
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
            <dl className="facts">
              <dt>{t('shipping.user')}</dt>
              <dd>
                <code>{selected.user}</code>
              </dd>
              <dt>{t('shipping.product')}</dt>
              <dd>{langText(selected.product.name, language)}</dd>
              <dt>{t('shipping.machine_no')}</dt>
              <dd>{selected.machine_no ?? '—'}</dd>
              <dt>{t('shipping.kind')}</dt>
              <dd>{t(`shipping.kind_${selected.kind}`)}</dd>
              <dt>{t('shipping.status')}</dt>
              <dd>
                <span className={`status status--${selected.status}`}>{t(`shipping.status_${selected.status}`)}</span>
              </dd>
              <dt>{t('shipping.requested')}</dt>
              <dd>{formatTime(selected.created_at)}</dd>
              {selected.address && (
                <>
                  <dt>{t('shipping.recipient')}</dt>
                  <dd>
                    {selected.address.recipient} · {selected.address.phone}
                  </dd>
                  <dt>{t('shipping.address')}</dt>
                  <dd className="message-text">
                    {selected.address.detail}
                    {'\n'}
                    {regionLabel(regions, selected.address.country, selected.address.province, language)}{' '}
                    {selected.address.postcode}
                  </dd>
                </>
              )}
              {selected.point && (
                <>
                  <dt>{t('shipping.point')}</dt>
                  <dd>
                    {langText(selected.point.name, language)}
                    <div className="muted">{langText(selected.point.address, language)}</div>
                  </dd>
                </>
              )}
              {selected.shipped_at && (
                <>
                  <dt>{t('shipping.shipped_at')}</dt>
                  <dd>{formatTime(selected.shipped_at)}</dd>
                  <dt>{t('shipping.tracking')}</dt>
                  <dd>
                    {selected.carrier} {selected.tracking_no}
                  </dd>
                </>
              )}
              {selected.written_off_at && (
                <>
                  <dt>{t('shipping.written_off_at')}</dt>
                  <dd>{formatTime(selected.written_off_at)}</dd>
                </>
              )}
            </dl>
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
