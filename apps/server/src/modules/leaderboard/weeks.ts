import { addDays, dayInZone, mondayOf, startOfDayInZone } from '../../platform/time/days.js';

// The board's weeks run Monday to Sunday in the check-in zone (OUTPUT_TIME_ZONE); a week is named by its Monday.

export function isMonday(day: string): boolean {
  return mondayOf(day) === day;
}

/** The Monday of the week `at` falls in, in the zone. */
export function weekOf(at: number, timeZone: string): string {
  return mondayOf(dayInZone(at, timeZone));
}

/** When a week ends: the start of the next Monday in the zone. */
export function weekEnds(week: string, timeZone: string): Date {
  return startOfDayInZone(addDays(week, 7), timeZone);
}
