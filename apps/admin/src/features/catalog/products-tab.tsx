import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { langText, minerCategories, roleCan, type MinerCategory, type OperatorProduct } from '@wallx/shared';
import { ExportButton } from '../../components/export-button';
import { PagedTable, RowButton } from '../../components/paged-table';
import { useLanguage } from '../../lib/i18n';
import { rowsOf } from '../../lib/paged-query';
import { useOperatorSession } from '../../lib/session-store';
import { useProducts, type ProductFilters } from './api/get-products';
import { productCsvColumns } from './catalog-csv';
import { ProductEditor } from './product-editor';

const yesNo = ['', 'true', 'false'] as const;

function filtersOf(params: URLSearchParams): ProductFilters {
  const pick = <T extends string>(name: string, allowed: readonly T[]): T | '' => {
    const value = params.get(name) ?? '';
    return (allowed as readonly string[]).includes(value) ? (value as T) : '';
  };
  return {
    category: pick<MinerCategory>('category', minerCategories),
    gift: pick('gift', yesNo),
    on_sale: pick('on_sale', yesNo),
  };
}

export function ProductThumb({ product }: { product: Pick<OperatorProduct, 'image'> }) {
  return product.image ? (
    <img className="thumb" src={product.image} alt="" loading="lazy" />
  ) : (
    <span className="thumb thumb--empty" aria-hidden="true" />
  );
}

/** The table's filters (category, on sale, kind), kept in the page's address; `children` go after them. */
function ProductFilterBar({
  filters,
  onChange,
  children,
}: {
  filters: ProductFilters;
  onChange: (name: keyof ProductFilters, value: string) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const select = (name: keyof ProductFilters, label: string, options: Array<[string, string]>) => (
    <label className="field">
      <span className="field__label">{label}</span>
      <select name={name} value={filters[name]} onChange={(event) => onChange(name, event.target.value)}>
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <div className="filters" role="group" aria-label={t('table.filters')}>
      {select('category', t('catalog.category'), [
        ['', t('catalog.all')],
        ...minerCategories.map((c): [string, string] => [c, t(`catalog.category_${c}`)]),
      ])}
      {select('on_sale', t('catalog.on_sale'), [
        ['', t('catalog.all')],
        ['true', t('catalog.on_sale_yes')],
        ['false', t('catalog.on_sale_no')],
      ])}
      {select('gift', t('catalog.kind'), [
        ['', t('catalog.all')],
        ['false', t('catalog.kind_sold')],
        ['true', t('catalog.kind_gift')],
      ])}
      {children}
    </div>
  );
}

export function ProductsTab() {
  const { t } = useTranslation();
  const language = useLanguage();
  const role = useOperatorSession().session?.operator.role ?? 'viewer';
  const canEdit = roleCan(role, 'catalog');
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const list = useProducts(filters);
  const [selected, setSelected] = useState<OperatorProduct | 'new' | null>(null);
  const items = rowsOf(list);
  const latest = selected && selected !== 'new' ? (items.find((item) => item.id === selected.id) ?? selected) : null;

  const setFilter = (name: keyof ProductFilters, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next);
  };
  const price = (value: string | null, asset: string) =>
    value === null ? <span className="muted">—</span> : `${value} ${asset}`;

  return (
    <>
      <ProductFilterBar filters={filters} onChange={setFilter}>
        <div className="filters__buttons">
          <ExportButton name="products" columns={productCsvColumns} rows={items} />
          {canEdit && (
            <button type="button" className="button button--primary" onClick={() => setSelected('new')}>
              {t('catalog.new_product')}
            </button>
          )}
        </div>
      </ProductFilterBar>
      <div className={`split${selected ? ' split--open' : ''}`}>
        {/* With the editor open, the columns it shows give their room to the name. */}
        <PagedTable
          list={list}
          rows={items}
          rowKey={(item) => item.id}
          selectedKey={selected && selected !== 'new' ? selected.id : null}
          compact={selected !== null}
          columns={[
            {
              header: t('catalog.image'),
              hideHeader: true,
              className: 'thumb-cell',
              cell: (item) => <ProductThumb product={item} />,
            },
            {
              header: t('catalog.name'),
              className: 'table__title',
              cell: (item) => {
                const name = langText(item.name, language);
                return (
                  <>
                    <RowButton link label={t('catalog.open_product', { name })} onClick={() => setSelected(item)}>
                      {name}
                    </RowButton>
                    <span className="muted table__sub">
                      {language === 'en_US' ? langText(item.name, 'zh_CN') : langText(item.name, 'en_US')}
                    </span>
                  </>
                );
              },
            },
            {
              header: t('catalog.category'),
              wideOnly: true,
              cell: (item) => (
                <>
                  {t(`catalog.category_${item.category}`)}
                  {item.physical && <span className="badge badge--after">{t('catalog.physical')}</span>}
                </>
              ),
            },
            {
              header: t('catalog.prices'),
              className: 'nowrap',
              cell: (item) =>
                item.gift ? (
                  <span className="badge">{t('catalog.kind_gift')}</span>
                ) : (
                  <>
                    {price(item.price_usdt, 'USDT')}
                    <br />
                    {price(item.price_wallx, 'WALLX')}
                  </>
                ),
            },
            {
              header: t('catalog.output'),
              wideOnly: true,
              className: 'nowrap',
              cell: (item) => t('catalog.output_value', { amount: item.daily_output, days: item.output_days }),
            },
            {
              header: t('catalog.stock'),
              className: 'nowrap',
              cell: (item) => (
                <>
                  {item.stock}
                  <span className="muted table__sub">{t('catalog.units_out', { count: item.units_out })}</span>
                </>
              ),
            },
            {
              header: t('catalog.on_sale'),
              cell: (item) => (
                <span className={`status ${item.on_sale ? 'status--replied' : 'status--hidden'}`}>
                  {item.on_sale ? t('catalog.on_sale_yes') : t('catalog.on_sale_no')}
                </span>
              ),
            },
          ]}
        />
        {selected ? (
          <ProductEditor
            key={selected === 'new' ? 'new' : selected.id}
            product={selected === 'new' ? null : selected}
            latest={latest}
            canEdit={canEdit}
            onSaved={(product) => setSelected(product)}
            onClose={() => setSelected(null)}
          />
        ) : null}
      </div>
    </>
  );
}
