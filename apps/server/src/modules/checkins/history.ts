import {
  feelings as feelingList,
  type CheckinCalendar,
  type CheckinExport,
  type CheckinTrends,
  type Feeling,
  type SupportLine,
  type TrendRange,
} from '@wallx/shared';
import { AppError } from '../../platform/errors/app-error.js';
import { addDays, dayInZone } from '../../platform/time/days.js';
import { checkinOf } from './check-in.js';
import type { CheckinsDeps } from './deps.js';
import type { CheckinRow } from './repository.js';

const TOP_FEELINGS = 5;

/** The mean of whole moods with one decimal, rounded half up, in integers: no float decides a digit. */
export function averageOf(moods: number[]): string | null {
  if (moods.length === 0) return null;
  const sum = moods.reduce((total, mood) => total + mood, 0);
  const tenths = Math.floor((sum * 20 + moods.length) / (2 * moods.length));
  return `${Math.floor(tenths / 10)}.${tenths % 10}`;
}

/** The longest run of days in a row with an entry. */
function longestRun(points: Array<{ mood: number | null }>): number {
  let longest = 0;
  let run = 0;
  for (const point of points) {
    run = point.mood === null ? 0 : run + 1;
    longest = Math.max(longest, run);
  }
  return longest;
}

/** Most named first; a tie in the fixed list's order, so the answer is the same on every call. */
function topFeelings(rows: CheckinRow[]): Array<{ feeling: Feeling; count: number }> {
  const counts = new Map<Feeling, number>();
  for (const row of rows) for (const feeling of row.feelings) counts.set(feeling, (counts.get(feeling) ?? 0) + 1);
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || feelingList.indexOf(a[0]) - feelingList.indexOf(b[0]))
    .slice(0, TOP_FEELINGS)
    .map(([feeling, count]) => ({ feeling, count }));
}

/** The day a reward entry belongs to: a check-in's or a week's, as its reference names it. */
function rewardDay(entry: { ref_id: string | null; created_at: Date }, timeZone: string): string {
  const named = /(\d{4}-\d{2}-\d{2})$/.exec(entry.ref_id ?? '');
  return named ? named[1]! : dayInZone(entry.created_at, timeZone);
}

/** The user's mood history: trends, the calendar, the export, deleting it; and where support is. */
export function createCheckinHistory({ db, checkins, timeZone, now = Date.now }: CheckinsDeps) {
  const today = () => dayInZone(now(), timeZone);

  return {
    async trends(userId: string, days: TrendRange): Promise<CheckinTrends> {
      const to = today();
      const from = addDays(to, -(days - 1));
      const rows = await checkins.between(db, userId, from, to);
      const moods = new Map(rows.map((row) => [row.day, row.mood]));
      const points = Array.from({ length: days }, (_, i) => {
        const day = addDays(from, i);
        return { day, mood: moods.get(day) ?? null };
      });
      const current = rows.find((row) => row.day === to) ?? rows.find((row) => row.day === addDays(to, -1));
      return {
        days,
        from,
        to,
        points,
        average: averageOf(rows.map((row) => row.mood)),
        checked_in: rows.length,
        streak: current?.streak ?? 0,
        longest_streak: longestRun(points),
        top_feelings: topFeelings(rows),
      };
    },

    async calendar(userId: string, month: string | undefined): Promise<CheckinCalendar> {
      const shown = month ?? today().slice(0, 7);
      const first = `${shown}-01`;
      const last = addDays(`${addDays(first, 31).slice(0, 7)}-01`, -1);
      const rows = await checkins.between(db, userId, first, last);
      return { month: shown, days: rows.map((row) => ({ day: row.day, mood: row.mood })) };
    },

    async export(user: { id: string; address: string }): Promise<CheckinExport> {
      const [rows, entries, leaderboard] = await Promise.all([
        checkins.all(db, user.id),
        checkins.rewardEntries(db, user.id),
        checkins.boardProfile(db, user.id),
      ]);
      return {
        exported_at: new Date(now()).toISOString(),
        address: user.address,
        checkins: rows.map(checkinOf),
        rewards: entries.map((entry) => ({
          day: rewardDay(entry, timeZone),
          type: entry.type,
          amount: entry.amount,
          at: entry.created_at.toISOString(),
        })),
        leaderboard,
      };
    },

    /** Deletes the mood history; the books keep what was paid, so no day can be paid again. */
    async deleteAll(userId: string): Promise<{ deleted: number }> {
      return { deleted: await db.transaction().execute((trx) => checkins.deleteAll(trx, userId)) };
    },

    async supportLine(country: string | undefined): Promise<SupportLine> {
      const line = await checkins.supportLine(db, country);
      if (!line) throw new AppError('support_line_not_found', { field: 'country' });
      return line;
    },
  };
}
