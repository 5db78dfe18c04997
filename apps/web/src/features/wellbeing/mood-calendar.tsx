import { useTranslation } from 'react-i18next';
import { ChevronLeftIcon, ChevronRightIcon } from '../../components/icons';
import { useLanguage } from '../../lib/i18n';
import { htmlLang } from '../../lib/language';
import { useCalendar } from './api/checkins';
import { moodColors } from './mood-faces';
import { isMood, monthGrid, shiftMonth } from './wellbeing-rules';

/** A Monday in UTC: the weekdays' names are read from it, Monday first. */
const MONDAY = Date.UTC(2024, 0, 1);

function useNames(month: string) {
  const locale = htmlLang(useLanguage());
  const weekday = new Intl.DateTimeFormat(locale, { weekday: 'narrow', timeZone: 'UTC' });
  const weekdays = Array.from({ length: 7 }, (_, i) => weekday.format(new Date(MONDAY + i * 86_400_000)));
  const [year, index] = month.split('-').map(Number) as [number, number];
  const title = month
    ? new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(
        new Date(Date.UTC(year, index - 1, 1)),
      )
    : '';
  return { weekdays, title };
}

/**
 * The month's days checked in, each marked with its mood's colour (and named for screen readers).
 * `month` is '' for this month in the check-in zone; `thisMonth` bounds the next-month button.
 */
export function MoodCalendar({
  month,
  thisMonth,
  onMonth,
}: {
  month: string;
  thisMonth: string;
  onMonth: (month: string) => void;
}) {
  const { t } = useTranslation();
  const calendar = useCalendar(month);
  const shown = calendar.data?.month ?? (month || thisMonth);
  const { weekdays, title } = useNames(shown);
  const moods = new Map((calendar.data?.days ?? []).map((day) => [day.day, day.mood]));
  const canGoNext = shown < thisMonth;
  return (
    <section className="card mood-calendar" aria-labelledby="mood-calendar-title">
      <header className="mood-calendar__head">
        <button
          type="button"
          className="icon-button icon-button--plain"
          aria-label={t('mood.prev_month')}
          onClick={() => onMonth(shiftMonth(shown, -1))}
        >
          <ChevronLeftIcon />
        </button>
        <h2 className="mood-calendar__title" id="mood-calendar-title" aria-live="polite">
          {title}
        </h2>
        <button
          type="button"
          className="icon-button icon-button--plain"
          aria-label={t('mood.next_month')}
          disabled={!canGoNext}
          onClick={() => onMonth(shiftMonth(shown, 1))}
        >
          <ChevronRightIcon />
        </button>
      </header>
      <ol className="mood-calendar__grid" aria-busy={calendar.isPending}>
        {weekdays.map((name, i) => (
          <li key={`w${i}`} className="mood-calendar__weekday" aria-hidden="true">
            {name}
          </li>
        ))}
        {monthGrid(shown).map((day, i) => {
          if (!day) return <li key={`b${i}`} aria-hidden="true" />;
          const mood = moods.get(day);
          const label = mood !== undefined && isMood(mood) ? `${day}: ${t(`checkins.mood_${mood}`)}` : day;
          return (
            <li
              key={day}
              className={`mood-calendar__day${mood !== undefined ? ' is-checked' : ''}`}
              data-day={day}
              {...(mood !== undefined && { 'data-mood': mood })}
              aria-label={label}
            >
              <span
                className="mood-calendar__dot"
                style={mood !== undefined && isMood(mood) ? { background: moodColors[mood] } : undefined}
                aria-hidden="true"
              >
                {Number(day.slice(8))}
              </span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
