import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { MOOD_MAX, MOOD_MIN, type CheckinTrends } from '@wallx/shared';
import { isMood } from './wellbeing-rules';

const WIDTH = 340;
const HEIGHT = 150;
const PAD_X = 8;
const PAD_Y = 12;

/** `MM-DD` of a `YYYY-MM-DD` day: the range under the chart names the year. */
const shortDay = (day: string) => day.slice(5);

/** Runs of consecutive days checked in: the line breaks at each day without one (a gap, not a zero). */
function segments(points: { x: number; y: number | null }[]): { x: number; y: number }[][] {
  const runs: { x: number; y: number }[][] = [];
  let run: { x: number; y: number }[] = [];
  for (const point of points) {
    if (point.y === null) {
      if (run.length) runs.push(run);
      run = [];
    } else run.push({ x: point.x, y: point.y });
  }
  if (run.length) runs.push(run);
  return runs;
}

/**
 * The mood per day as a light inline SVG, drawn as the console draws its charts: one image with a
 * summary for screen readers, and the same figures as a table for anyone who wants them (visually
 * hidden here: a phone has no room for 90 rows beside the chart).
 */
export function MoodChart({ trends }: { trends: CheckinTrends }) {
  const { t } = useTranslation();
  const captionId = useId();
  const count = trends.points.length;
  const step = count > 1 ? (WIDTH - 2 * PAD_X) / (count - 1) : 0;
  const yOf = (mood: number) => PAD_Y + ((MOOD_MAX - mood) / (MOOD_MAX - MOOD_MIN)) * (HEIGHT - 2 * PAD_Y);
  const placed = trends.points.map((point, i) => ({
    day: point.day,
    mood: point.mood,
    x: count > 1 ? PAD_X + i * step : WIDTH / 2,
    y: point.mood === null ? null : yOf(point.mood),
  }));
  const dot = count > 40 ? 2.2 : 3.4;
  return (
    <figure className="mood-chart" aria-labelledby={captionId}>
      <figcaption id={captionId} className="mood-chart__caption">
        {t('mood.chart', { from: trends.from, to: trends.to })}
      </figcaption>
      <svg
        className="mood-chart__svg"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={
          trends.average
            ? t('mood.chart_summary', { average: trends.average, count: trends.checked_in })
            : t('mood.empty')
        }
        data-testid="mood-chart"
      >
        {[1, 2, 3, 4, 5].map((mood) => (
          <line key={mood} className="mood-chart__grid" x1={0} x2={WIDTH} y1={yOf(mood)} y2={yOf(mood)} />
        ))}
        {segments(placed).map((run) => (
          <polyline
            key={run[0]!.x}
            className="mood-chart__line"
            points={run.map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ')}
          />
        ))}
        {placed.map((point) =>
          point.y === null ? null : (
            <circle
              key={point.day}
              className={`mood-chart__dot mood-chart__dot--${point.mood}`}
              cx={point.x}
              cy={point.y}
              r={dot}
              data-day={point.day}
            />
          ),
        )}
      </svg>
      <div className="mood-chart__days" aria-hidden="true">
        <span>{shortDay(trends.from)}</span>
        <span>{shortDay(trends.to)}</span>
      </div>
      <table className="wb-sr-only">
        <thead>
          <tr>
            <th scope="col">{t('mood.table_day')}</th>
            <th scope="col">{t('mood.table_mood')}</th>
          </tr>
        </thead>
        <tbody>
          {trends.points.map((point) => (
            <tr key={point.day}>
              <th scope="row">{point.day}</th>
              <td>
                {point.mood !== null && isMood(point.mood)
                  ? `${point.mood} – ${t(`checkins.mood_${point.mood}`)}`
                  : t('mood.no_entry')}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
