import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber, marketKinds, marketOrderStatuses, roleCan, type MarketOrderStatus } from '@wallx/shared';
import { ExportButton } from '../../components/export-button';
import { FilterBar, type FilterField } from '../../components/filter-bar';
import { ListPage } from '../../components/list-page';
import { addressColumn, PagedTable, timeColumn } from '../../components/paged-table';
import { rowsOf } from '../../lib/paged-query';
import { useOperatorSession } from '../../lib/session-store';
import { useTab, useUrlFilters } from '../../lib/use-url-filters';
import { useMarketOrders, type MarketOrder, type OrderFilters } from './api/get-market-orders';
import { CancelDialog } from './cancel-dialog';
import { marketsCsvColumns } from './markets-csv';
import { DoneNotice } from '../../components/form-parts';

const filterNames = ['status', 'seller', 'buyer'] as const;

function What({ order }: { order: MarketOrder }) {
  const { t } = useTranslation();
  if ('amount' in order)
    return <>{t('markets.c2c_summary', { amount: formatNumber(order.amount), price: order.unit_price })}</>;
  return <>{t('markets.mtrade_summary', { machine: order.machine_no, price: order.unit_price })}</>;
}

export function MarketsScreen() {
  const { t } = useTranslation();
  const role = useOperatorSession().session?.operator.role ?? 'viewer';
  const canCancel = roleCan(role, 'money');
  // The market is the tab; the filters stay as they are when it changes (both markets have them all).
  const [market, setMarket] = useTab(['c2c', 'mtrade'] as const, { former: 'market', keepFilters: true });
  const [asked, setFilters] = useUrlFilters(filterNames);
  const filters: OrderFilters = {
    ...asked,
    status: (marketOrderStatuses as readonly string[]).includes(asked.status)
      ? (asked.status as MarketOrderStatus)
      : '',
  };
  const fields: FilterField[] = [
    {
      name: 'status',
      label: t('markets.status'),
      kind: 'select',
      options: [
        { value: '', label: t('markets.status_all') },
        ...marketOrderStatuses.map((status) => ({ value: status, label: t(`markets.status_${status}`) })),
      ],
    },
    { name: 'seller', label: t('markets.seller'), kind: 'text', placeholder: '0x…' },
    { name: 'buyer', label: t('markets.buyer'), kind: 'text', placeholder: '0x…' },
  ];
  const list = useMarketOrders(market, filters);
  const [cancelling, setCancelling] = useState<MarketOrder | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const items = rowsOf(list);

  return (
    <ListPage
      id="markets"
      title={t('markets.title')}
      lead={t('markets.lead')}
      actions={<ExportButton name={`${market}-orders`} columns={marketsCsvColumns} rows={items} />}
    >
      <div className="segmented tabs" role="tablist" aria-label={t('markets.title')}>
        {marketKinds.map((kind) => (
          <button
            key={kind}
            type="button"
            role="tab"
            className="segmented__option"
            aria-selected={kind === market}
            aria-pressed={kind === market}
            onClick={() => setMarket(kind)}
          >
            {t(`markets.tab_${kind}`)}
          </button>
        ))}
      </div>
      <FilterBar
        key={JSON.stringify(filters)}
        fields={fields}
        value={filters}
        cleared={{ status: '', seller: '', buyer: '' }}
        onApply={setFilters}
      />
      {done && <DoneNotice>{done}</DoneNotice>}
      {!canCancel && <p className="notice notice--info">{t('markets.cannot_cancel', { role: t(`roles.${role}`) })}</p>}
      <PagedTable
        list={list}
        rows={items}
        rowKey={(order) => order.id}
        columns={[
          { header: t('markets.id'), className: 'nowrap', cell: (order) => order.id },
          timeColumn(t('markets.created'), (order: MarketOrder) => order.created_at),
          { header: t('markets.order'), cell: (order) => <What order={order} /> },
          {
            header: t('markets.total'),
            num: true,
            className: 'nowrap',
            cell: (order) => `${formatNumber('total' in order ? order.total : order.unit_price)} USDT`,
          },
          addressColumn(t('markets.seller'), (order: MarketOrder) => order.seller),
          addressColumn(t('markets.buyer'), (order: MarketOrder) => order.buyer),
          {
            header: t('markets.status'),
            cell: (order) => (
              <>
                <span className={`status status--${order.status}`} title={order.cancel_note ?? undefined}>
                  {t(`markets.status_${order.status}`)}
                </span>
                {order.cancel_reason ? (
                  <span className="cell-note">{t(`markets.reason_${order.cancel_reason}`)}</span>
                ) : null}
              </>
            ),
          },
          timeColumn(t('markets.expires'), (order: MarketOrder) => order.expires_at),
          canCancel && {
            header: t('markets.actions'),
            hideHeader: true,
            className: 'table__actions',
            cell: (order) =>
              order.status === 'pending' ? (
                <button
                  type="button"
                  className="button button--small button--danger"
                  aria-label={t('markets.cancel_order', { id: order.id })}
                  onClick={() => setCancelling(order)}
                >
                  {t('markets.cancel')}
                </button>
              ) : null,
          },
        ]}
      />
      {cancelling && (
        <CancelDialog
          market={market}
          order={cancelling}
          onClose={() => setCancelling(null)}
          onDone={(order) => {
            setCancelling(null);
            setDone(t('markets.cancelled', { id: order.id }));
          }}
        />
      )}
    </ListPage>
  );
}
