import type { Executor } from '../../platform/db/database.js';
import type { Bucket, LeaderboardRepository, PageStart } from './repository.js';

/** Below this many places a week is counted afresh at every read: it costs less than a page. */
export const SMALL_WEEK = 10_000;
/** How long a big week's counts are served before they are counted again (in the background). */
export const STATS_FRESH_MS = 15_000;

export type WeekStats = { total: number; buckets: Bucket[] };

/**
 * How many on the board are ahead of a (days, streak) reached in a slice: the buckets with more days,
 * or as many and a longer streak, or both equal and reached in an earlier slice.
 */
export function aheadOf(stats: WeekStats, days: number, streak: number, slice: number): number {
  return stats.buckets
    .filter(
      (b) => b.days > days || (b.days === days && (b.streak > streak || (b.streak === streak && b.slice < slice))),
    )
    .reduce((sum, b) => sum + b.n, 0);
}

const inRankOrder = new WeakMap<WeekStats, Bucket[]>();

/** The buckets in rank order (days, then streak, descending; then the slice): sorted once per count. */
function rankOrdered(stats: WeekStats): Bucket[] {
  let ordered = inRankOrder.get(stats);
  if (!ordered) {
    ordered = [...stats.buckets].sort((a, b) => b.days - a.days || b.streak - a.streak || a.slice - b.slice);
    inRankOrder.set(stats, ordered);
  }
  return ordered;
}

/**
 * Where the place after `offset` places is: the bucket's slice it falls in and how many of that
 * slice's places come before it (`skip`). Null past the end.
 */
export function sliceAt(stats: WeekStats, offset: number): PageStart | null {
  let before = 0;
  for (const bucket of rankOrdered(stats)) {
    if (before + bucket.n > offset)
      return { days: bucket.days, streak: bucket.streak, slice: bucket.slice, skip: offset - before };
    before += bucket.n;
  }
  return null;
}

/**
 * A week's count of places by (days, streak, slice). Counting a week of 1,000,000 entries takes 1–3 s
 * (measured on PostgreSQL 15, a loaded machine), too long for every read of the board, so a big week's
 * counts are kept for STATS_FRESH_MS and then counted again in the background while the kept ones are
 * served: its total, the part of a rank that comes from the buckets ahead, and the slice a deep page
 * starts at may trail the check-ins of the last seconds. A page's places from that slice on and a rank
 * within its own slice are always read live. Small weeks (tests, a young deployment) are exact at every read.
 */
export function createWeekStats({
  repository,
  clock = () => performance.now(),
}: {
  repository: LeaderboardRepository;
  clock?: () => number;
}) {
  const kept = new Map<string, { stats: WeekStats; at: number }>();
  const counting = new Map<string, Promise<WeekStats>>();

  function count(db: Executor, week: string): Promise<WeekStats> {
    let pending = counting.get(week);
    if (!pending) {
      pending = repository
        .buckets(db, week)
        .then((buckets) => {
          const stats = { total: buckets.reduce((sum, b) => sum + b.n, 0), buckets };
          if (kept.size > 200) kept.clear();
          kept.set(week, { stats, at: clock() });
          return stats;
        })
        .finally(() => counting.delete(week));
      counting.set(week, pending);
    }
    return pending;
  }

  return async function weekStats(db: Executor, week: string): Promise<WeekStats> {
    const entry = kept.get(week);
    if (!entry || entry.stats.total < SMALL_WEEK) return count(db, week);
    if (clock() - entry.at > STATS_FRESH_MS) void count(db, week).catch(() => {});
    return entry.stats;
  };
}
