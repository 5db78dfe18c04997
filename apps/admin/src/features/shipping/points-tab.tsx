import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { countries, langText, roleCan, type Country, type OperatorPickupPoint } from '@wallx/shared';
import { DetailPanel } from '../../components/detail-panel';
import { ExportButton } from '../../components/export-button';
import { PagedTable } from '../../components/paged-table';
import { useLanguage } from '../../lib/i18n';
import { rowsOf } from '../../lib/paged-query';
import { useOperatorSession } from '../../lib/session-store';
import { usePoints } from './api/get-points';
import { useRegions } from './api/get-regions';
import type { PointFilters } from './api/keys';
import { InventoryEditor } from './inventory-editor';
import { PointEditor } from './point-editor';
import { countryName, provinceName, regionLabel } from './regions';
import { pointCsvColumns } from './shipping-csv';
import { Fact } from '../../components/fact';

function filtersOf(params: URLSearchParams): PointFilters {
  const country = params.get('country');
  return {
    country: (countries as readonly string[]).includes(country ?? '') ? (country as Country) : null,
    province: params.get('province') ?? '',
  };
}

/** What the detail panel holds: a new point's form, or a point of the table. */
type Selection = { kind: 'new' } | { kind: 'point'; id: string };

export function PointsTab() {
  const { t } = useTranslation();
  const language = useLanguage();
  const role = useOperatorSession().session?.operator.role ?? 'viewer';
  const canEdit = roleCan(role, 'support');
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const list = usePoints(filters);
  const regions = useRegions().data;
  const [selection, setSelection] = useState<Selection | null>(null);
  const items = rowsOf(list);
  // The panel follows the table: a saved point shows as the server now has it.
  const selected = selection?.kind === 'point' ? items.find((item) => item.id === selection.id) : undefined;
  const countryId = useId();
  const provinceId = useId();
  const provinces = regions?.find((region) => region.country === filters.country)?.provinces ?? [];

  function setFilters(country: string, province: string) {
    const next = new URLSearchParams({ tab: 'points' });
    if (country) next.set('country', country);
    if (province) next.set('province', province);
    setParams(next);
  }

  const stock = (point: OperatorPickupPoint) =>
    point.inventory.length === 0 ? (
      <span className="muted">—</span>
    ) : (
      <ul className="plain-list">
        {point.inventory.map((row) => (
          <li key={row.product_id} className="nowrap">
            {langText(row.product_name, language)} <strong>{row.quantity}</strong>
          </li>
        ))}
      </ul>
    );

  return (
    <>
      <div className="filters filters--bar">
        <div className="field field--inline">
          <label htmlFor={countryId} className="field__label">
            {t('shipping.country')}
          </label>
          <select id={countryId} value={filters.country ?? ''} onChange={(event) => setFilters(event.target.value, '')}>
            <option value="">{t('shipping.all')}</option>
            {countries.map((code) => (
              <option key={code} value={code}>
                {countryName(code, language)}
              </option>
            ))}
          </select>
        </div>
        <div className="field field--inline">
          <label htmlFor={provinceId} className="field__label">
            {t('shipping.province')}
          </label>
          <select
            id={provinceId}
            value={filters.province}
            disabled={!filters.country}
            onChange={(event) => setFilters(filters.country ?? '', event.target.value)}
          >
            <option value="">{t('shipping.all')}</option>
            {provinces.map((province) => (
              <option key={province.code} value={province.code}>
                {provinceName(regions, province.code, language)}
              </option>
            ))}
          </select>
        </div>
        <span className="filters__spacer" />
        {canEdit && (
          <button type="button" className="button button--primary" onClick={() => setSelection({ kind: 'new' })}>
            {t('shipping.new_point')}
          </button>
        )}
        <ExportButton name="pickup-points" columns={pointCsvColumns} rows={items} />
      </div>
      <div className={`split${selection ? ' split--open' : ''}`}>
        <PagedTable
          list={list}
          rows={items}
          rowKey={(item) => item.id}
          selectedKey={selected?.id ?? null}
          columns={[
            {
              header: t('shipping.point_name'),
              className: 'table__title',
              cell: (item) => (
                <>
                  <button
                    type="button"
                    className="link-button"
                    onClick={() => setSelection({ kind: 'point', id: item.id })}
                  >
                    {langText(item.name, language)}
                  </button>
                  <div className="muted small">{langText(item.address, language)}</div>
                </>
              ),
            },
            {
              header: t('shipping.region'),
              cell: (item) => regionLabel(regions, item.country, item.province, language),
            },
            { header: t('shipping.hours'), cell: (item) => item.hours || <span className="muted">—</span> },
            { header: t('shipping.stock'), cell: stock },
            {
              header: t('shipping.point_status'),
              cell: (item) => (
                <span className={`status status--${item.active ? 'active' : 'inactive'}`}>
                  {t(item.active ? 'shipping.active' : 'shipping.inactive')}
                </span>
              ),
            },
          ]}
        />
        {selection?.kind === 'new' && (
          <DetailPanel title={t('shipping.new_point')} onClose={() => setSelection(null)}>
            <PointEditor
              point={null}
              regions={regions}
              onSaved={(point) => setSelection({ kind: 'point', id: point.id })}
            />
          </DetailPanel>
        )}
        {selected && (
          <DetailPanel title={langText(selected.name, language)} onClose={() => setSelection(null)}>
            {canEdit ? (
              <>
                <InventoryEditor key={`stock-${selected.id}`} point={selected} />
                <PointEditor key={selected.id} point={selected} regions={regions} onSaved={() => undefined} />
              </>
            ) : (
              <>
                <p className="notice notice--info">{t('shipping.cannot_edit', { role: t(`roles.${role}`) })}</p>
                <dl className="facts">
                  <Fact label={t('shipping.address')}>{langText(selected.address, language)}</Fact>
                  <Fact label={t('shipping.stock')}>{stock(selected)}</Fact>
                </dl>
              </>
            )}
          </DetailPanel>
        )}
      </div>
    </>
  );
}
