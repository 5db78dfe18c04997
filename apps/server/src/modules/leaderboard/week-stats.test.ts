import { describe, expect, it } from 'vitest';
import type { Db } from '../../platform/db/database.js';
import type { Bucket, LeaderboardRepository } from './repository.js';
import { aheadOf, createWeekStats, sliceAt, SMALL_WEEK, STATS_FRESH_MS } from './week-stats.js';

const db = {} as Db;

/** A repository whose counts the test sets, counting how often it was asked. */
function counting(buckets: Bucket[]) {
  const fake = { asked: 0, buckets };
  const repository = {
    buckets: async () => {
      fake.asked++;
      return fake.buckets;
    },
  } as unknown as LeaderboardRepository;
  return { fake, repository };
}

describe('a week’s counts', () => {
  it('adds up the buckets ahead of a place: more days, or as many days and a longer streak, or both and an earlier slice', () => {
    const stats = {
      total: 14,
      buckets: [
        { days: 7, streak: 3, slice: 600, n: 1 },
        { days: 5, streak: 9, slice: 0, n: 2 },
        { days: 5, streak: 4, slice: 0, n: 3 },
        { days: 5, streak: 4, slice: 1200, n: 4 },
        { days: 5, streak: 2, slice: 0, n: 1 },
        { days: 2, streak: 20, slice: 0, n: 3 },
      ],
    };
    expect(aheadOf(stats, 5, 4, 0)).toBe(3);
    expect(aheadOf(stats, 5, 4, 600)).toBe(6);
    expect(aheadOf(stats, 5, 4, 1200)).toBe(6);
    expect(aheadOf(stats, 5, 4, 1800)).toBe(10);
    expect(aheadOf(stats, 7, 3, 600)).toBe(0);
    expect(aheadOf(stats, 1, 1, 0)).toBe(14);
  });

  it('finds the slice a page starts in, and how many of its places come before the page, whatever order the counts came in', () => {
    const stats = {
      total: 6,
      buckets: [
        { days: 2, streak: 1, slice: 0, n: 1 },
        // One (days, streak) in two slices: the earlier slice comes first.
        { days: 5, streak: 2, slice: 600, n: 2 },
        { days: 5, streak: 2, slice: 0, n: 1 },
        { days: 5, streak: 7, slice: 0, n: 2 },
      ],
    };
    expect(sliceAt(stats, 0)).toEqual({ days: 5, streak: 7, slice: 0, skip: 0 });
    expect(sliceAt(stats, 1)).toEqual({ days: 5, streak: 7, slice: 0, skip: 1 });
    expect(sliceAt(stats, 2)).toEqual({ days: 5, streak: 2, slice: 0, skip: 0 });
    expect(sliceAt(stats, 3)).toEqual({ days: 5, streak: 2, slice: 600, skip: 0 });
    expect(sliceAt(stats, 4)).toEqual({ days: 5, streak: 2, slice: 600, skip: 1 });
    expect(sliceAt(stats, 5)).toEqual({ days: 2, streak: 1, slice: 0, skip: 0 });
    expect(sliceAt(stats, 6)).toBeNull();
  });

  it('counts a small week afresh at every read', async () => {
    const { fake, repository } = counting([{ days: 3, streak: 3, slice: 0, n: SMALL_WEEK - 1 }]);
    const stats = createWeekStats({ repository, clock: () => 0 });
    await stats(db, '2026-11-23');
    fake.buckets = [{ days: 3, streak: 3, slice: 0, n: SMALL_WEEK - 2 }];
    expect((await stats(db, '2026-11-23')).total).toBe(SMALL_WEEK - 2);
    expect(fake.asked).toBe(2);
  });

  it('keeps a big week’s counts for a while, then serves them while they are counted again; one count at a time', async () => {
    let now = 0;
    const { fake, repository } = counting([{ days: 7, streak: 7, slice: 0, n: SMALL_WEEK * 100 }]);
    const stats = createWeekStats({ repository, clock: () => now });
    const first = await Promise.all([stats(db, '2026-11-23'), stats(db, '2026-11-23')]);
    expect(first.map((s) => s.total)).toEqual([SMALL_WEEK * 100, SMALL_WEEK * 100]);
    expect(fake.asked).toBe(1);

    fake.buckets = [{ days: 7, streak: 7, slice: 0, n: SMALL_WEEK * 100 + 5 }];
    now = STATS_FRESH_MS;
    expect((await stats(db, '2026-11-23')).total).toBe(SMALL_WEEK * 100);
    expect(fake.asked).toBe(1);

    now = STATS_FRESH_MS + 1;
    // Stale: served as kept, and counted again behind it.
    expect((await stats(db, '2026-11-23')).total).toBe(SMALL_WEEK * 100);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fake.asked).toBe(2);
    expect((await stats(db, '2026-11-23')).total).toBe(SMALL_WEEK * 100 + 5);
    // Another week is counted on its own.
    await stats(db, '2026-11-16');
    expect(fake.asked).toBe(3);
  });
});
