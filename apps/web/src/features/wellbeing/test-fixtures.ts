import type { Checkin, CheckinToday, CheckinTrends, Leaderboard } from '@wallx/shared';
import { shiftDay } from './wellbeing-rules';

export const TODAY = '2026-11-28';

export const checkin = (over: Partial<Checkin> = {}): Checkin => ({
  day: TODAY,
  mood: 4,
  feelings: ['calm', 'grateful'],
  note: 'A walk by the river.',
  streak: 3,
  created_at: '2026-11-28T08:00:00.000Z',
  updated_at: '2026-11-28T08:00:00.000Z',
  ...over,
});

export const todayOf = (over: Partial<CheckinToday> = {}): CheckinToday => ({
  day: TODAY,
  ends_at: '2026-11-28T16:00:00.000Z',
  checkin: null,
  streak: 2,
  reward: null,
  rewards: { checkin: '5', streak_bonus: '20', streak_every: 7, eligible: true },
  support: false,
  ...over,
});

/** A range ending today with a mood on the given days back (0 = today). */
export function trendsOf(days: 7 | 30 | 90, moods: Record<number, number> = {}): CheckinTrends {
  const from = shiftDay(TODAY, -(days - 1));
  const points = Array.from({ length: days }, (_, i) => {
    const day = shiftDay(from, i);
    const back = days - 1 - i;
    return { day, mood: moods[back] ?? null };
  });
  const values = Object.values(moods);
  return {
    days,
    from,
    to: TODAY,
    points,
    average: values.length ? (values.reduce((a, b) => a + b, 0) / values.length).toFixed(1) : null,
    checked_in: values.length,
    streak: values.length ? 1 : 0,
    longest_streak: values.length ? 2 : 0,
    top_feelings: values.length ? [{ feeling: 'calm', count: values.length }] : [],
  };
}

export const boardOf = (over: Partial<Leaderboard> = {}): Leaderboard => ({
  week: '2026-11-23',
  ends: '2026-11-29T16:00:00.000Z',
  closed: false,
  page: 1,
  page_size: 20,
  total: 2,
  prizes: ['100', '50'],
  items: [
    { rank: 1, name: 'Sunny', days: 6, streak: 9, me: false, prize: '100' },
    { rank: 2, name: '0x1234…abcd', days: 5, streak: 5, me: false, prize: '50' },
  ],
  me: null,
  ...over,
});
