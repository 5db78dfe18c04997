import {
  CHECKIN_NOTE_MAX,
  FEELINGS_MAX,
  NICKNAME_MAX,
  NICKNAME_MIN,
  NICKNAME_PATTERN,
  type Feeling,
  moods,
} from '@wallx/shared';

export type Mood = (typeof moods)[number];

export const isMood = (value: number): value is Mood => (moods as readonly number[]).includes(value);

/** Adds or removes a feeling; a fourth is refused (the list stays as it was). */
export function toggleFeeling(chosen: readonly Feeling[], feeling: Feeling): Feeling[] {
  if (chosen.includes(feeling)) return chosen.filter((f) => f !== feeling);
  return chosen.length >= FEELINGS_MAX ? [...chosen] : [...chosen, feeling];
}

/** The note as the server will keep it: trimmed; empty is no note. */
export const noteLength = (note: string) => note.trim().length;
export const isNoteTooLong = (note: string) => noteLength(note) > CHECKIN_NOTE_MAX;

export type NicknameProblem = 'short' | 'long' | 'invalid';

/** The shared rules of a nickname (leaderboard/constants.ts), checked before the server is asked. */
export function nicknameProblem(value: string): NicknameProblem | null {
  const nickname = value.trim();
  if (nickname.length < NICKNAME_MIN) return 'short';
  if (nickname.length > NICKNAME_MAX) return 'long';
  return NICKNAME_PATTERN.test(nickname) ? null : 'invalid';
}

/**
 * The country of the browser's language (`zh-CN` → `CN`), for the crisis line; none without a
 * region (`en`), and the server then answers its default line.
 */
export function countryOf(language: string | undefined): string {
  const region = (language ?? '').split(/[-_]/)[1] ?? '';
  return /^[A-Za-z]{2}$/.test(region) ? region.toUpperCase() : '';
}

/** Adds `months` to a `YYYY-MM` month. */
export function shiftMonth(month: string, months: number): string {
  const [year, index] = month.split('-').map(Number) as [number, number];
  const date = new Date(Date.UTC(year, index - 1 + months, 1));
  return date.toISOString().slice(0, 7);
}

/** Adds `days` to a `YYYY-MM-DD` day (calendar arithmetic, no zone involved). */
export function shiftDay(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/** The days of a month's grid, Monday first: nulls before the 1st so that it falls on its weekday. */
export function monthGrid(month: string): (string | null)[] {
  const [year, index] = month.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(year, index - 1, 1));
  const length = new Date(Date.UTC(year, index, 0)).getUTCDate();
  const lead = (first.getUTCDay() + 6) % 7;
  const days = Array.from({ length }, (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`);
  return [...Array.from({ length: lead }, () => null), ...days];
}

/** Pages of a board with `total` rows. */
export const pageCount = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));
