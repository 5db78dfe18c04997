export type TimeLeft =
  | { unit: 'days'; days: number; hours: number }
  | { unit: 'hours'; hours: number; minutes: number }
  | { unit: 'minutes'; minutes: number }
  | { unit: 'expired' };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How long an order has left, to the minute, as a list shows it: '2d 4h' from a day on, '3h 12m'
 * from an hour on, '12m' below that (never '0m' while time remains), then 'Expired'. Rounded down,
 * so an order never looks longer-lived than it is.
 */
export function timeLeft(expiresAt: string, now: number): TimeLeft {
  const end = Date.parse(expiresAt);
  const remaining = Number.isNaN(end) ? 0 : end - now;
  if (remaining <= 0) return { unit: 'expired' };
  const days = Math.floor(remaining / DAY);
  const hours = Math.floor((remaining % DAY) / HOUR);
  const minutes = Math.floor((remaining % HOUR) / MINUTE);
  if (days > 0) return { unit: 'days', days, hours };
  if (hours > 0) return { unit: 'hours', hours, minutes };
  return { unit: 'minutes', minutes: Math.max(1, minutes) };
}

/** Less than an hour to go: the list shows the time in the warning colour. */
export function isEndingSoon(expiresAt: string, now: number): boolean {
  const end = Date.parse(expiresAt);
  return !Number.isNaN(end) && end - now < HOUR;
}
