import { useTranslation } from 'react-i18next';
import { formatNumber, plus, shortAddress, type AssetTotal, type Reconciliation } from '@wallx/shared';
import { QueryError } from '../../components/table-footer';
import { formatTime } from '../../lib/format';
import { useDashboard } from './api/get-dashboard';
import { Card } from './card';
import { HealthSection } from './health-section';
import './dashboard.css';

// Exact to the last unit: a reconciliation that rounds hides the gap it is there to show.
const amount = (value: string | null) => (value === null ? '—' : formatNumber(value, 18));

function ReconciliationRow({ row }: { row: Reconciliation }) {
  const { t } = useTranslation();
  const state = row.chain_error ? 'unknown' : row.is_short ? 'short' : 'ok';
  return (
    <tr className={state === 'short' ? 'is-short' : undefined}>
      <th scope="row">{row.asset}</th>
      <td>
        <span className={`flag flag--${state}`}>
          {state === 'unknown' ? t(`dashboard.chain_${row.chain_error!}`) : t(`dashboard.flag_${state}`)}
        </span>
      </td>
      <td className="num">{amount(row.user_balances)}</td>
      <td className="num">{amount(row.escrow)}</td>
      <td className="num">{amount(row.withdrawals_queued)}</td>
      <td className="num strong">{amount(row.owed)}</td>
      <td className="num">
        {amount(row.deposit_balance)}
        {row.deposit_address ? (
          <code className="cell-note" title={row.deposit_address}>
            {shortAddress(row.deposit_address, 10)}
          </code>
        ) : null}
      </td>
      <td className="num">
        {amount(row.hot_wallet_balance)}
        {row.hot_wallet ? (
          <code className="cell-note" title={row.hot_wallet}>
            {shortAddress(row.hot_wallet, 10)}
          </code>
        ) : null}
      </td>
      <td className="num">
        {amount(row.deposit_addresses_balance)}
        <span className="cell-note">
          {t('dashboard.unswept_books', { amount: amount(plus(row.unswept, row.sweeps_in_flight)) })}
        </span>
      </td>
      <td className="num">
        {amount(row.cold_balance)}
        {row.cold_wallet ? (
          <code className="cell-note" title={row.cold_wallet}>
            {shortAddress(row.cold_wallet, 10)}
          </code>
        ) : null}
      </td>
      <td className="num strong">{amount(row.on_chain)}</td>
      <td className="num">
        {row.difference === null
          ? '—'
          : row.difference.startsWith('-')
            ? `−${amount(row.difference.slice(1))}`
            : `+${amount(row.difference)}`}
      </td>
      <td className="num">{amount(row.withdrawals_in_flight)}</td>
      <td className="num">{amount(plus(row.sweeps_in_flight, row.cold_in_flight))}</td>
      <td className="num">{amount(row.unattributed)}</td>
    </tr>
  );
}

const totals = (items: AssetTotal[]) => items.map((item) => `${formatNumber(item.sum)} ${item.asset}`).join(' · ');
const count = (items: AssetTotal[]) => items.reduce((sum, item) => sum + item.count, 0);

/** The reconciliation's figures, left to right, each a column of numbers. */
const figureColumns = [
  'user_balances',
  'escrow',
  'withdrawals_queued',
  'owed',
  'deposit_address',
  'hot_wallet',
  'deposit_addresses',
  'cold_wallet',
  'on_chain',
  'difference',
  'in_flight',
  'moves_in_flight',
  'unattributed',
] as const;

export function DashboardScreen() {
  const { t } = useTranslation();
  const dashboard = useDashboard();
  const data = dashboard.data;
  const isShort = data?.reconciliation.some((row) => row.is_short) ?? false;
  return (
    <section className="page dashboard" aria-labelledby="dashboard-title">
      <header className="page__header">
        <div>
          <h1 id="dashboard-title">{t('dashboard.title')}</h1>
          <p className="page__lead">
            {data
              ? t('dashboard.lead', { day: data.day, zone: data.time_zone, time: formatTime(data.as_of) })
              : t('table.loading')}
          </p>
        </div>
      </header>
      {dashboard.isError && <QueryError error={dashboard.error} retry={() => void dashboard.refetch()} />}
      {data && (
        <>
          <div className="cards">
            <Card
              label={t('dashboard.users')}
              value={formatNumber(String(data.users.total))}
              detail={t('dashboard.new_today', { count: data.users.new_today })}
            />
            <Card
              label={t('dashboard.deposits_today')}
              value={String(count(data.deposits_today))}
              detail={totals(data.deposits_today)}
            />
            <Card
              label={t('dashboard.withdrawals_today')}
              value={String(count(data.withdrawals_today))}
              detail={totals(data.withdrawals_today)}
            />
            <Card
              label={t('dashboard.awaiting_review')}
              value={String(data.withdrawals_awaiting_review)}
              detail={t('dashboard.awaiting_review_hint')}
            />
            <Card label={t('dashboard.miners_on')} value={formatNumber(String(data.miners_on))} />
            <Card
              label={t('dashboard.output_pending')}
              value={`${formatNumber(data.output_pending.sum)} WALLX`}
              detail={t('dashboard.output_records', { count: data.output_pending.count })}
            />
          </div>
          <HealthSection />
          <section className="panel reconciliation" aria-labelledby="reconciliation-title">
            <header className="reconciliation__header">
              <h2 id="reconciliation-title">{t('dashboard.reconciliation')}</h2>
              {isShort ? (
                <p className="notice notice--error" role="alert">
                  {t('dashboard.short_alert')}
                </p>
              ) : null}
            </header>
            <div className="table-scroll">
              <table className="table">
                <thead>
                  <tr>
                    <th scope="col">{t('dashboard.asset')}</th>
                    <th scope="col">{t('dashboard.state')}</th>
                    {figureColumns.map((key) => (
                      <th key={key} scope="col" className="num">
                        {t(`dashboard.${key}`)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {data.reconciliation.map((row) => (
                    <ReconciliationRow key={row.asset} row={row} />
                  ))}
                </tbody>
              </table>
            </div>
            <p className="muted explanation">{t('dashboard.rule')}</p>
          </section>
        </>
      )}
    </section>
  );
}
