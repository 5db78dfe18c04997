import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { compare, formatNumber, plus, type Asset, type DailyFlow } from '@wallx/shared';

const WIDTH = 600;
const HEIGHT = 160;
const MIDDLE = HEIGHT / 2;
/** Room above and below the bars' reach, so the tallest bar does not touch the frame. */
const REACH = MIDDLE - 6;

const sumOf = (day: DailyFlow, side: 'deposits' | 'withdrawals', asset: Asset) =>
  day[side].find((total) => total.asset === asset)?.sum ?? '0';

/** `MM-DD` of a `YYYY-MM-DD` day: the year is the caption's. */
const shortDay = (day: string) => day.slice(5);

/**
 * Deposits (up) and withdrawals (down) of one asset per day, as a light inline SVG. Bar heights are
 * drawn from floats — pixels, not money; every figure a person reads (tooltips, totals, the table)
 * is the server's exact decimal string. The SVG is one image with a summary for screen readers;
 * the table beside it carries the same figures for anyone who wants them.
 */
export function FlowChart({ asset, days }: { asset: Asset; days: DailyFlow[] }) {
  const { t } = useTranslation();
  const captionId = useId();
  const rows = days.map((day) => ({
    day: day.day,
    deposits: sumOf(day, 'deposits', asset),
    withdrawals: sumOf(day, 'withdrawals', asset),
  }));
  // Floats only for the bars' pixel heights; every figure a person reads is the exact decimal string.
  const largest = Math.max(0, ...rows.flatMap((row) => [Number(row.deposits), Number(row.withdrawals)]));
  // A day with any activity keeps at least a pixel: the smallest deposit is still seen to have happened.
  const height = (amount: string) =>
    largest > 0 && compare(amount, '0') > 0 ? Math.max((Number(amount) / largest) * REACH, 1) : 0;
  const slot = WIDTH / Math.max(rows.length, 1);
  const bar = Math.max(slot - 4, 1);
  const totals = rows.reduce(
    (sum, row) => ({ deposits: plus(sum.deposits, row.deposits), withdrawals: plus(sum.withdrawals, row.withdrawals) }),
    { deposits: '0', withdrawals: '0' },
  );
  const first = rows[0]?.day ?? '';
  const last = rows.at(-1)?.day ?? '';
  const summary = t('dashboard.chart_summary', {
    asset,
    first,
    last,
    deposits: formatNumber(totals.deposits, 18),
    withdrawals: formatNumber(totals.withdrawals, 18),
  });

  return (
    <figure className="flow-chart" aria-labelledby={captionId}>
      <figcaption id={captionId} className="flow-chart__caption">
        <span className="flow-chart__asset">{asset}</span>
        <span className="flow-chart__legend flow-chart__legend--in">
          {t('dashboard.chart_deposits', { amount: formatNumber(totals.deposits) })}
        </span>
        <span className="flow-chart__legend flow-chart__legend--out">
          {t('dashboard.chart_withdrawals', { amount: formatNumber(totals.withdrawals) })}
        </span>
      </figcaption>
      <svg
        className="flow-chart__svg"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={summary}
      >
        <line className="flow-chart__axis" x1={0} x2={WIDTH} y1={MIDDLE} y2={MIDDLE} />
        {rows.map((row, i) => {
          const x = i * slot + (slot - bar) / 2;
          const up = height(row.deposits);
          const down = height(row.withdrawals);
          return (
            <g key={row.day} data-day={row.day}>
              <title>
                {t('dashboard.chart_day', {
                  day: row.day,
                  deposits: formatNumber(row.deposits, 18),
                  withdrawals: formatNumber(row.withdrawals, 18),
                  asset,
                })}
              </title>
              {/* The whole slot answers the pointer, so a quiet day still shows its tooltip. */}
              <rect className="flow-chart__hit" x={i * slot} y={0} width={slot} height={HEIGHT} />
              {up > 0 ? <rect className="flow-chart__in" x={x} y={MIDDLE - up} width={bar} height={up} /> : null}
              {down > 0 ? <rect className="flow-chart__out" x={x} y={MIDDLE} width={bar} height={down} /> : null}
            </g>
          );
        })}
      </svg>
      <div className="flow-chart__days" aria-hidden="true">
        <span>{shortDay(first)}</span>
        <span>{shortDay(last)}</span>
      </div>
      <details className="flow-chart__table">
        <summary>{t('dashboard.chart_table')}</summary>
        <div className="table-scroll">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">{t('dashboard.chart_column_day')}</th>
                <th scope="col" className="num">
                  {t('dashboard.chart_column_deposits', { asset })}
                </th>
                <th scope="col" className="num">
                  {t('dashboard.chart_column_withdrawals', { asset })}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.day}>
                  <th scope="row">{row.day}</th>
                  <td className="num">{formatNumber(row.deposits, 18)}</td>
                  <td className="num">{formatNumber(row.withdrawals, 18)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
