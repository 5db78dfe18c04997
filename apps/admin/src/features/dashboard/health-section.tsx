import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { assets, compare, formatNumber, type HotWalletAsset, type PayoutQueue, type ScannerLag } from '@wallx/shared';
import { QueryError } from '../../components/table-footer';
import { hotWalletQueryOptions } from '../../lib/hot-wallet-query';
import { useDashboardHealth } from './api/get-dashboard-health';
import { Card } from './card';
import { FlowChart } from './flow-chart';

/**
 * Confirmed blocks the scanner may leave unread before its card turns amber: a pass reads up to
 * SCAN_BLOCK_RANGE blocks a second, so a healthy scanner is a block or two behind at most.
 */
const SCANNER_LAG_WARN_BLOCKS = 20;

/** An age as operators read it: seconds, minutes, or hours and minutes. */
export function formatAge(t: TFunction, seconds: number): string {
  if (seconds < 60) return t('dashboard.age_seconds', { count: seconds });
  if (seconds < 3600) return t('dashboard.age_minutes', { count: Math.floor(seconds / 60) });
  return t('dashboard.age_hours', { hours: Math.floor(seconds / 3600), minutes: Math.floor((seconds % 3600) / 60) });
}

function ScannerCard({ rows }: { rows: ScannerLag[] }) {
  const { t } = useTranslation();
  const error = rows.find((row) => row.chain_error)?.chain_error;
  if (error)
    return <Card label={t('dashboard.scanner_lag')} value="—" detail={t(`dashboard.chain_${error}`)} tone="unknown" />;
  const worst = Math.max(...rows.map((row) => row.lag_blocks ?? 0));
  const head = rows[0];
  return (
    <Card
      label={t('dashboard.scanner_lag')}
      value={t('dashboard.blocks', { count: worst })}
      tone={worst > SCANNER_LAG_WARN_BLOCKS ? 'warn' : 'ok'}
      detail={
        <>
          {rows.map((row) => (
            <span key={row.asset} className="card__line">
              {row.lag_blocks === null
                ? t('dashboard.scanner_not_started', { asset: row.asset })
                : t('dashboard.scanner_row', { asset: row.asset, count: row.lag_blocks })}
            </span>
          ))}
          {head?.head_block != null ? (
            <span className="card__line">
              {t('dashboard.scanner_head', {
                head: head.head_block,
                read: head.scanned_through ?? '—',
                confirmations: head.confirmations,
              })}
            </span>
          ) : null}
        </>
      }
    />
  );
}

function PayoutQueueCard({ queue }: { queue: PayoutQueue }) {
  const { t } = useTranslation();
  return (
    <Card
      label={t('dashboard.payout_queue')}
      value={String(queue.queued)}
      tone={queue.held > 0 ? 'warn' : 'ok'}
      detail={
        <>
          <span className="card__line">
            {queue.oldest_queued_seconds === null
              ? t('dashboard.queue_empty')
              : t('dashboard.queue_oldest', { age: formatAge(t, queue.oldest_queued_seconds) })}
          </span>
          <span className="card__line">
            {t('dashboard.queue_others', {
              held: queue.held,
              broadcast: queue.broadcast,
              review: queue.awaiting_review,
            })}
          </span>
        </>
      }
    />
  );
}

function HotWalletCard({ row }: { row: HotWalletAsset }) {
  const { t } = useTranslation();
  const label = t('dashboard.hot_wallet_asset', { asset: row.asset });
  if (row.hot_balance === null)
    return <Card label={label} value="—" detail={t('dashboard.chain_unreachable')} tone="unknown" />;
  const isLow = row.payouts_waiting === true || compare(row.hot_balance, row.low) < 0;
  const isHigh = compare(row.hot_balance, row.high) > 0;
  return (
    <Card
      label={label}
      value={formatNumber(row.hot_balance)}
      tone={isLow ? 'warn' : 'ok'}
      detail={
        <>
          <span className="card__line">
            {t('dashboard.marks', {
              low: formatNumber(row.low),
              target: formatNumber(row.target),
              high: formatNumber(row.high),
            })}
          </span>
          <span className="card__line">
            {isLow ? t('dashboard.hot_low') : isHigh ? t('dashboard.hot_high') : t('dashboard.hot_ok')}
          </span>
        </>
      }
    />
  );
}

/** Health at a glance (issue 34): what an alert would page about, and the last 30 days' flows. */
export function HealthSection() {
  const { t } = useTranslation();
  const health = useDashboardHealth();
  // The treasury's own endpoint; absent (404) when the server runs without a chain.
  const hot = useQuery({ ...hotWalletQueryOptions(), refetchInterval: 60_000 });
  const data = health.data;
  return (
    <section className="panel health" aria-labelledby="health-title">
      <h2 id="health-title">{t('dashboard.health')}</h2>
      {health.isError && <QueryError error={health.error} retry={() => void health.refetch()} />}
      {data ? (
        <>
          <div className="cards">
            <ScannerCard rows={data.scanner} />
            <PayoutQueueCard queue={data.payout_queue} />
            {hot.data?.assets.map((row) => (
              <HotWalletCard key={row.asset} row={row} />
            ))}
          </div>
          <h3 className="health__subtitle">{t('dashboard.chart_title', { zone: data.time_zone })}</h3>
          <div className="flow-charts">
            {assets.map((asset) => (
              <FlowChart key={asset} asset={asset} days={data.days} />
            ))}
          </div>
        </>
      ) : null}
    </section>
  );
}
