import { useTranslation } from 'react-i18next';
import { ClockIcon } from './markets-icons';
import { isEndingSoon, timeLeft, type TimeLeft } from './time-left';

function useTimeLeftText(): (left: TimeLeft) => string {
  const { t } = useTranslation();
  return (left) => {
    switch (left.unit) {
      case 'days':
        return t('markets.left.days', { days: left.days, hours: left.hours });
      case 'hours':
        return t('markets.left.hours', { hours: left.hours, minutes: left.minutes });
      case 'minutes':
        return t('markets.left.minutes', { minutes: left.minutes });
      default:
        return t('markets.left.expired');
    }
  };
}

/** How long an order stays open, counting down with the list's clock. */
export function TimeLeftBadge({ expiresAt, now }: { expiresAt: string; now: number }) {
  const { t } = useTranslation();
  const toText = useTimeLeftText();
  const text = toText(timeLeft(expiresAt, now));
  return (
    <span
      className={`time-left${isEndingSoon(expiresAt, now) ? ' is-soon' : ''}`}
      title={`${t('markets.time_left')}: ${text}`}
      data-testid="time-left"
    >
      <ClockIcon />
      <span className="time-left__text">{text}</span>
    </span>
  );
}
