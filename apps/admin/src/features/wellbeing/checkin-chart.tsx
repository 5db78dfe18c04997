import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { MOOD_MAX, MOOD_MIN, type WellbeingSummary } from '@wallx/shared';

const WIDTH = 600;
const HEIGHT = 160;
const TOP = 10;
const BOTTOM = HEIGHT - 6;

type Day = WellbeingSummary['days'][number];

/** `MM-DD` of a `YYYY-MM-DD` day: the year is the range's. */
const shortDay = (day: string) => day.slice(5);

/**
 * Check-ins per day (bars) and their average mood (dots on a 1–5 scale), oldest on the left, as a
 * light inline SVG. A day below the minimum of people has neither — the server does not send them —
 * and is drawn as a hatched slot, so a quiet day is not mistaken for a day without data. The SVG is
 * one image with a summary for screen readers; the table under it carries every figure as text.
 */
export function CheckinChart({ summary }: { summary: WellbeingSummary }) {
  const { t } = useTranslation();
  const captionId = useId();
  const days = [...summary.days].reverse();
  const shown = days.filter((day) => day.checkins !== null);
  const largest = Math.max(1, ...shown.map((day) => day.checkins ?? 0));
  const slot = WIDTH / Math.max(days.length, 1);
  const bar = Math.max(slot - 4, 1);
  const barHeight = (count: number) => (count / largest) * (BOTTOM - TOP);
  // Floats only for pixels: the figures a person reads are the server's strings.
  const moodY = (mood: string) => BOTTOM - ((Number(mood) - MOOD_MIN) / (MOOD_MAX - MOOD_MIN)) * (BOTTOM - TOP);
  const label = t('wellbeing.chart_summary', {
    first: summary.from,
    last: summary.to,
    shown: shown.length,
    days: days.length,
    min: summary.min_people,
  });

  return (
    <figure className="checkin-chart" aria-labelledby={captionId}>
      <figcaption id={captionId} className="checkin-chart__caption">
        <span className="checkin-chart__legend checkin-chart__legend--count">{t('wellbeing.chart_checkins')}</span>
        <span className="checkin-chart__legend checkin-chart__legend--mood">{t('wellbeing.chart_mood')}</span>
        <span className="checkin-chart__legend checkin-chart__legend--hidden">
          {t('wellbeing.chart_hidden', { min: summary.min_people })}
        </span>
      </figcaption>
      <svg
        className="checkin-chart__svg"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={label}
      >
        <defs>
          <pattern
            id={`${captionId}-hatch`}
            width="6"
            height="6"
            patternUnits="userSpaceOnUse"
            patternTransform="rotate(45)"
          >
            <line x1="0" y1="0" x2="0" y2="6" className="checkin-chart__hatch" />
          </pattern>
        </defs>
        {days.map((day, i) => (
          <DaySlot
            key={day.day}
            day={day}
            x={i * slot}
            slot={slot}
            bar={bar}
            hatch={`url(#${captionId}-hatch)`}
            barHeight={barHeight}
            moodY={moodY}
          />
        ))}
      </svg>
      <div className="checkin-chart__days" aria-hidden="true">
        <span>{shortDay(summary.from)}</span>
        <span>{shortDay(summary.to)}</span>
      </div>
    </figure>
  );
}

type SlotProps = {
  day: Day;
  x: number;
  slot: number;
  bar: number;
  hatch: string;
  barHeight: (count: number) => number;
  moodY: (mood: string) => number;
};

function DaySlot({ day, x, slot, bar, hatch, barHeight, moodY }: SlotProps) {
  const { t } = useTranslation();
  const left = x + (slot - bar) / 2;
  const title =
    day.checkins === null
      ? t('wellbeing.chart_day_hidden', { day: day.day })
      : t('wellbeing.chart_day', { day: day.day, count: day.checkins, mood: day.average_mood ?? '—' });
  return (
    <g data-day={day.day}>
      <title>{title}</title>
      {day.checkins === null ? (
        <rect className="checkin-chart__hidden" x={left} y={TOP} width={bar} height={BOTTOM - TOP} fill={hatch} />
      ) : (
        <rect
          className="checkin-chart__bar"
          x={left}
          y={BOTTOM - barHeight(day.checkins)}
          width={bar}
          height={barHeight(day.checkins)}
        />
      )}
      {day.average_mood !== null && (
        <circle className="checkin-chart__mood" cx={x + slot / 2} cy={moodY(day.average_mood)} r={4} />
      )}
    </g>
  );
}
