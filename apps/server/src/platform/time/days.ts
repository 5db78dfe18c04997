// Calendar days of a time zone, as YYYY-MM-DD: output days and the team's daily performance use them.

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * One formatter per zone and use, kept: building an Intl.DateTimeFormat loads the zone's rules (0.5 ms
 * measured on the bench machine), and a board request asked for three — more than the rest of its work.
 */
function formatter(timeZone: string, use: 'day' | 'parts'): Intl.DateTimeFormat {
  const key = `${use}:${timeZone}`;
  let kept = formatters.get(key);
  if (!kept) {
    kept =
      use === 'day'
        ? // en-CA formats dates as YYYY-MM-DD.
          new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
        : new Intl.DateTimeFormat('en-US', {
            timeZone,
            hourCycle: 'h23',
            year: 'numeric',
            month: '2-digit',
            day: '2-digit',
            hour: '2-digit',
            minute: '2-digit',
            second: '2-digit',
          });
    // Zones come from configuration, not from requests; the bound only guards against a caller that changes.
    if (formatters.size > 1000) formatters.clear();
    formatters.set(key, kept);
  }
  return kept;
}

/** The calendar date ('YYYY-MM-DD') of an instant in a time zone. */
export function dayInZone(at: Date | number, timeZone: string): string {
  return formatter(timeZone, 'day').format(at);
}

export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** The Monday of a day's week (weeks run Monday to Sunday). */
export function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

/** How far a zone's clock is ahead of UTC at an instant, in ms. */
function zoneOffset(at: number, timeZone: string): number {
  const parts = formatter(timeZone, 'parts').formatToParts(at);
  const field = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  const asUtc = Date.UTC(
    field('year'),
    field('month') - 1,
    field('day'),
    field('hour'),
    field('minute'),
    field('second'),
  );
  return asUtc - Math.floor(at / 1000) * 1000;
}

/**
 * The instant a day begins in a time zone. Asked twice because the offset at UTC midnight may differ
 * from the offset at the zone's midnight (a daylight-saving change between them).
 */
export function startOfDayInZone(day: string, timeZone: string): Date {
  const midnightUtc = Date.parse(`${day}T00:00:00Z`);
  const first = midnightUtc - zoneOffset(midnightUtc, timeZone);
  return new Date(midnightUtc - zoneOffset(first, timeZone));
}
