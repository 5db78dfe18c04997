/** Check-in and mood rules as plain values (no zod): shared by the schemas, the app and the console. */

/** A mood on a five-step scale: 1 very low … 5 very good. */
export const MOOD_MIN = 1;
export const MOOD_MAX = 5;
export const moods = [1, 2, 3, 4, 5] as const;

/** The fixed, translated list of feelings a check-in may name (i18n `checkins.feeling.<key>`). */
export const feelings = [
  'calm',
  'grateful',
  'happy',
  'hopeful',
  'energetic',
  'tired',
  'anxious',
  'stressed',
  'sad',
  'lonely',
  'angry',
  'overwhelmed',
] as const;
export type Feeling = (typeof feelings)[number];

/** A check-in names at most this many feelings. */
export const FEELINGS_MAX = 3;
/** The private note: at most this many characters. */
export const CHECKIN_NOTE_MAX = 500;
export const CHECKIN_NOTE = { min: 0, max: CHECKIN_NOTE_MAX } as const;

/** The trend chart's ranges, in days up to today. */
export const trendRanges = [7, 30, 90] as const;
export type TrendRange = (typeof trendRanges)[number];

/**
 * Why a check-in earned nothing today:
 * - `already_rewarded`: today's reward was paid at the first check-in (an edit earns nothing more);
 * - `not_eligible`: only accounts holding a working miner (or, later, a stake) earn (a setting);
 * - `budget_empty`: the rewards budget operators fund cannot pay it; the check-in still counts;
 * - `rewards_off`: operators have set the reward to zero.
 */
export const noRewardReasons = ['already_rewarded', 'not_eligible', 'budget_empty', 'rewards_off'] as const;
export type NoRewardReason = (typeof noRewardReasons)[number];

/** A low mood: this or lower. Several such days in a row gently offer the support links. */
export const LOW_MOOD_AT_MOST = 2;

/** The console sees an aggregate (a day's check-ins, its average mood) only over at least this many people. */
export const AGGREGATE_MIN_PEOPLE = 20;

/** A country's crisis line is kept under its ISO 3166-1 alpha-2 code; `default` answers for any other. */
export const SUPPORT_LINE_DEFAULT = 'default';
