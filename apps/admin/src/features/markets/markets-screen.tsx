import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  formatNumber,
  marketKinds,
  marketOrderStatuses,
  roleCan,
  shortAddress,
  type Market,
  type MarketOrderStatus,
} from '@wallx/shared';
import { ExportButton } from '../../components/export-button';
import { QueryError, TableFooter } from '../../components/table-footer';
import { formatTime } from '../../lib/format';
import { useOperatorSession } from '../../lib/session-store';
import { useMarketOrders, type MarketOrder, type OrderFilters } from './api/get-market-orders';
import { CancelDialog } from './cancel-dialog';
import { marketsCsvColumns } from './markets-csv';

/** Tab and filters live in the address, so a filtered view can be shared and survives a reload. */
function readParams(params: URLSearchParams): { market: Market; filters: OrderFilters } {
  const market = (marketKinds as readonly string[]).includes(params.get('market') ?? '')
    ? (params.get('market') as Market)
    : 'c2c';
  const status = params.get('status') ?? '';
  return {
    market,
    filters: {
      status: (marketOrderStatuses as readonly string[]).includes(status) ? (status as MarketOrderStatus) : '',
      seller: params.get('seller') ?? '',
      buyer: params.get('buyer') ?? '',
    },
  };
}

function toParams(market: Market, filters: OrderFilters): Record<string, string> {
  return Object.fromEntries(Object.entries({ market, ...filters }).filter(([, value]) => value !== ''));
}

function Filters({ value, onApply }: { value: OrderFilters; onApply: (filters: OrderFilters) => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(value);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply({ status: draft.status, seller: draft.seller.trim(), buyer: draft.buyer.trim() });
  };
  const address = (name: 'seller' | 'buyer') => (
    <label className="field">
      <span className="field__label">{t(`markets.${name}`)}</span>
      <input
        className="input"
        name={name}
        value={draft[name]}
        placeholder="0x…"
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => setDraft({ ...draft, [name]: event.target.value })}
      />
    </label>
  );
  return (
    <form className="filters" onSubmit={submit} aria-label={t('table.filters')}>
      <label className="field">
        <span className="field__label">{t('markets.status')}</span>
        <select
          className="input"
          name="status"
          value={draft.status}
          onChange={(event) => setDraft({ ...draft, status: event.target.value as OrderFilters['status'] })}
        >
          <option value="">{t('markets.status_all')}</option>
          {marketOrderStatuses.map((status) => (
            <option key={status} value={status}>
              {t(`markets.status_${status}`)}
            </option>
          ))}
        </select>
      </label>
      {address('seller')}
      {address('buyer')}
      <div className="filters__buttons">
        <button type="submit" className="button button--primary">
          {t('table.apply')}
        </button>
        <button
          type="button"
          className="button button--ghost"
          onClick={() => {
            const empty: OrderFilters = { status: '', seller: '', buyer: '' };
            setDraft(empty);
            onApply(empty);
          }}
        >
          {t('table.clear')}
        </button>
      </div>
    </form>
  );
}

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
  const [params, setParams] = useSearchParams();
  const { market, filters } = readParams(params);
  const list = useMarketOrders(market, filters);
  const [cancelling, setCancelling] = useState<MarketOrder | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <section className="list-page" aria-labelledby="markets-title">
      <header className="page__header">
        <div>
          <h1 id="markets-title">{t('markets.title')}</h1>
          <p className="page__lead">{t('markets.lead')}</p>
        </div>
        <ExportButton name={`${market}-orders`} columns={marketsCsvColumns} rows={items} />
      </header>
      <div className="segmented tabs" role="tablist" aria-label={t('markets.title')}>
        {marketKinds.map((kind) => (
          <button
            key={kind}
            type="button"
            role="tab"
            className="segmented__option"
            aria-selected={kind === market}
            aria-pressed={kind === market}
            onClick={() => setParams(toParams(kind, filters))}
          >
            {t(`markets.tab_${kind}`)}
          </button>
        ))}
      </div>
      <Filters
        key={`${filters.status}|${filters.seller}|${filters.buyer}`}
        value={filters}
        onApply={(next) => setParams(toParams(market, next))}
      />
      {done && (
        <p className="notice notice--success" role="status">
          {done}
        </p>
      )}
      {!canCancel && <p className="notice notice--info">{t('markets.cannot_cancel', { role: t(`roles.${role}`) })}</p>}
      <div className="panel table-panel">
        {list.isError && <QueryError error={list.error} retry={() => void list.refetch()} />}
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t('markets.id')}</th>
              <th scope="col">{t('markets.created')}</th>
              <th scope="col">{t('markets.order')}</th>
              <th scope="col" className="num">
                {t('markets.total')}
              </th>
              <th scope="col">{t('markets.seller')}</th>
              <th scope="col">{t('markets.buyer')}</th>
              <th scope="col">{t('markets.status')}</th>
              <th scope="col">{t('markets.expires')}</th>
              {canCancel && (
                <th scope="col">
                  <span className="visually-hidden">{t('markets.actions')}</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {items.map((order) => (
              <tr key={order.id}>
                <td className="nowrap">{order.id}</td>
                <td className="nowrap">{formatTime(order.created_at)}</td>
                <td>
                  <What order={order} />
                </td>
                <td className="num nowrap">{formatNumber('total' in order ? order.total : order.unit_price)} USDT</td>
                <td>
                  <code title={order.seller}>{shortAddress(order.seller, 12)}</code>
                </td>
                <td>
                  {order.buyer ? (
                    <code title={order.buyer}>{shortAddress(order.buyer, 12)}</code>
                  ) : (
                    <span className="muted">—</span>
                  )}
                </td>
                <td>
                  <span className={`status status--${order.status}`} title={order.cancel_note ?? undefined}>
                    {t(`markets.status_${order.status}`)}
                  </span>
                  {order.cancel_reason ? (
                    <span className="cell-note">{t(`markets.reason_${order.cancel_reason}`)}</span>
                  ) : null}
                </td>
                <td className="nowrap">{formatTime(order.expires_at)}</td>
                {canCancel && (
                  <td className="table__actions">
                    {order.status === 'pending' ? (
                      <button
                        type="button"
                        className="button button--small button--danger"
                        aria-label={t('markets.cancel_order', { id: order.id })}
                        onClick={() => setCancelling(order)}
                      >
                        {t('markets.cancel')}
                      </button>
                    ) : null}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
        {list.isPending && <p className="table-message">{t('table.loading')}</p>}
        {list.isSuccess && items.length === 0 && <p className="table-message">{t('table.empty')}</p>}
        <TableFooter
          count={items.length}
          hasNextPage={list.hasNextPage}
          isFetchingNextPage={list.isFetchingNextPage}
          fetchNextPage={() => void list.fetchNextPage()}
        />
      </div>
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
    </section>
  );
}
