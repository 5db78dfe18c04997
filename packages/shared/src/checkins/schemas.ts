import { z } from 'zod';
import { decimalString } from '../api/primitives.js';
import { moneyReportQuerySchema } from '../funds/operator-schemas.js';
import {
  CHECKIN_NOTE_MAX,
  FEELINGS_MAX,
  MOOD_MAX,
  MOOD_MIN,
  feelings,
  noRewardReasons,
  trendRanges,
} from './constants.js';

/**
 * Daily check-ins (issue 47, ECOSYSTEM.md). A check-in belongs to its owner alone: every route here
 * reads and writes the signed-in user's own entries; no operator route returns one person's mood,
 * feelings or note (the console sees aggregates over AGGREGATE_MIN_PEOPLE or more).
 */
export const moodSchema = z.number().int().min(MOOD_MIN).max(MOOD_MAX);
export const feelingSchema = z.enum(feelings);

/** Today's check-in: one per account per day in the output job's zone, editable until the day ends. */
export const checkinRequestSchema = z.object({
  mood: moodSchema,
  feelings: z
    .array(feelingSchema)
    .max(FEELINGS_MAX)
    .refine((list) => new Set(list).size === list.length, 'must not repeat a feeling')
    .default([]),
  /** Private: only its owner ever reads it. Empty once trimmed: no note. */
  note: z.string().trim().max(CHECKIN_NOTE_MAX).nullable().optional(),
});
export type CheckinRequest = z.input<typeof checkinRequestSchema>;

export const checkinSchema = z.object({
  day: z.string(),
  mood: moodSchema,
  feelings: z.array(feelingSchema),
  note: z.string().nullable(),
  /** The streak as of this day: consecutive days checked in, ending with it. */
  streak: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Checkin = z.infer<typeof checkinSchema>;

/** What the day's check-in earned: the reward and the 7-day streak bonus, or why nothing. */
export const checkinRewardSchema = z.object({
  /** WALLX paid for the day's first check-in; null when none was paid. */
  amount: decimalString.nullable(),
  /** WALLX paid as the streak bonus (each STREAK_EVERY-th day in a row); null when none. */
  bonus: decimalString.nullable(),
  /** Why nothing was paid today; null when something was. */
  reason: z.enum(noRewardReasons).nullable(),
});
export type CheckinReward = z.infer<typeof checkinRewardSchema>;

/** `GET /api/checkins/today` and the answer of `PUT /api/checkins/today`. */
export const checkinTodaySchema = z.object({
  /** Today in the check-in zone (YYYY-MM-DD), and when it ends (an edit after that is tomorrow's check-in). */
  day: z.string(),
  ends_at: z.string(),
  checkin: checkinSchema.nullable(),
  /** Consecutive days checked in up to today (or up to yesterday while today's is not done). */
  streak: z.number().int(),
  /** What today earned; null before today's check-in. */
  reward: checkinRewardSchema.nullable(),
  /** What a check-in earns now (the settings), so the screen can say so before one is made. */
  rewards: z.object({
    checkin: decimalString,
    streak_bonus: decimalString,
    streak_every: z.number().int(),
    /** Whether this account may earn (holds a working miner, when the setting asks for it). */
    eligible: z.boolean(),
  }),
  /** Several low moods in a row: the screen offers the support links (never a diagnosis). */
  support: z.boolean(),
});
export type CheckinToday = z.infer<typeof checkinTodaySchema>;

export const trendsQuerySchema = z.object({
  days: z.coerce
    .number()
    .int()
    .refine((n) => (trendRanges as readonly number[]).includes(n), `must be one of ${trendRanges.join(', ')}`)
    .default(30),
});

/** `GET /api/checkins/trends?days=7|30|90`: one point per day, a gap (null) where none. */
export const checkinTrendsSchema = z.object({
  days: z.number().int(),
  from: z.string(),
  to: z.string(),
  points: z.array(z.object({ day: z.string(), mood: moodSchema.nullable() })),
  /** The average mood over the days checked in, as a decimal string with one decimal; null with none. */
  average: z.string().nullable(),
  checked_in: z.number().int(),
  streak: z.number().int(),
  longest_streak: z.number().int(),
  /** The feelings named most in the range, most first (at most five). */
  top_feelings: z.array(z.object({ feeling: feelingSchema, count: z.number().int() })),
});
export type CheckinTrends = z.infer<typeof checkinTrendsSchema>;

export const calendarQuerySchema = z.object({
  /** A month, YYYY-MM; none: this month in the check-in zone. */
  month: z
    .string()
    .max(7)
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be a month, YYYY-MM')
    .optional(),
});

/** `GET /api/checkins/calendar?month=YYYY-MM`: the days of the month checked in, with their mood. */
export const checkinCalendarSchema = z.object({
  month: z.string(),
  days: z.array(z.object({ day: z.string(), mood: moodSchema })),
});
export type CheckinCalendar = z.infer<typeof checkinCalendarSchema>;

/** `GET /api/checkins/export`: everything of the user's well-being data, as JSON they may keep. */
export const checkinExportSchema = z.object({
  exported_at: z.string(),
  address: z.string(),
  checkins: z.array(checkinSchema),
  rewards: z.array(z.object({ day: z.string(), type: z.string(), amount: decimalString, at: z.string() })),
  leaderboard: z.object({ nickname: z.string().nullable(), on_board: z.boolean() }),
});
export type CheckinExport = z.infer<typeof checkinExportSchema>;

/** `DELETE /api/checkins`: the mood history is gone (moods, feelings, notes); what was paid stays in the books. */
export const checkinDeletedSchema = z.object({ deleted: z.number().int() });

/** A crisis line: an operator-kept list by country, with a default. */
export const supportLineSchema = z.object({
  country: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  url: z.string().nullable(),
});
export type SupportLine = z.infer<typeof supportLineSchema>;
/** A country as the crisis lines are kept by: ISO 3166-1 alpha-2, either case, upper-cased. */
export const countryCodeSchema = z
  .string()
  .max(2)
  .regex(/^[A-Za-z]{2}$/, 'must be a two-letter country code')
  .transform((c) => c.toUpperCase());
export const supportLineQuerySchema = z.object({
  /** None, or one without a line: the default. */
  country: countryCodeSchema.optional(),
});

// Operators: aggregates only (never one person's entry), the settings, the budget, the crisis lines.

/** The reward rules operators keep; a change is a proposal another operator approves. */
export const checkinSettingsValuesSchema = z.object({
  checkin_reward: decimalString,
  streak_bonus: decimalString,
  streak_every: z.number().int().min(2).max(365),
  /** Only accounts holding a working miner (or a stake) earn. */
  require_holding: z.boolean(),
  /** The weekly board's prizes by place (1st first), in WALLX. */
  prizes: z.array(decimalString).max(10),
  /** Low moods in a row that offer the support links. */
  low_mood_days: z.number().int().min(2).max(14),
});
export type CheckinSettingsValues = z.infer<typeof checkinSettingsValuesSchema>;
export const checkinSettingsUpdateSchema = checkinSettingsValuesSchema.extend({ version: z.number().int().min(0) });
export type CheckinSettingsUpdate = z.infer<typeof checkinSettingsUpdateSchema>;
export const checkinSettingsSchema = checkinSettingsValuesSchema.extend({
  version: z.number().int(),
  updated_by: z.string().nullable(),
  approved_by: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type CheckinSettings = z.infer<typeof checkinSettingsSchema>;

/** Adding to the rewards budget: a proposal another finance operator approves. */
export const rewardsFundRequestSchema = z.object({
  amount: decimalString.refine((a) => !/^0+(\.0+)?$/.test(a), 'must be more than zero'),
  reason: z.string().trim().min(3).max(500),
});
export type RewardsFundRequest = z.infer<typeof rewardsFundRequestSchema>;

/** A range of days in the check-in zone, by the money report's rules: both ends or neither (the last 7 days). */
export const wellbeingSummaryQuerySchema = moneyReportQuerySchema;
export type WellbeingSummaryQuery = z.infer<typeof wellbeingSummaryQuerySchema>;
/** The console's view: per day, counts and the average mood only where at least AGGREGATE_MIN_PEOPLE checked in. */
export const wellbeingSummarySchema = z.object({
  from: z.string(),
  to: z.string(),
  /** The zone the days are counted in (OUTPUT_TIME_ZONE). */
  time_zone: z.string(),
  min_people: z.number().int(),
  days: z.array(
    z.object({
      day: z.string(),
      /** Null below the minimum: a small group's count or average could name a person. */
      checkins: z.number().int().nullable(),
      /** The day's average mood, a decimal string with two decimals. */
      average_mood: z.string().nullable(),
      rewards_paid: decimalString,
    }),
  ),
  budget: z.object({ balance: decimalString, funded: decimalString, paid: decimalString }),
});
export type WellbeingSummary = z.infer<typeof wellbeingSummarySchema>;

export const supportLineUpdateSchema = z.object({
  name: z.string().trim().min(1).max(100),
  phone: z.string().trim().max(40).nullable(),
  url: z
    .string()
    .trim()
    .max(300)
    .regex(/^https:\/\//, 'must be an https:// link')
    .nullable(),
});
export const supportLineParamSchema = z.object({
  country: z
    .string()
    .max(7)
    .regex(/^([A-Z]{2}|default)$/, 'must be a two-letter country code or default'),
});

/** The console's list of crisis lines: who changed each last, and when. */
export const operatorSupportLineSchema = supportLineSchema.extend({
  updated_by: z.string().nullable(),
  updated_at: z.string(),
});
export type OperatorSupportLine = z.infer<typeof operatorSupportLineSchema>;
export const operatorSupportLinesSchema = z.object({ items: z.array(operatorSupportLineSchema) });
export type SupportLineUpdate = z.infer<typeof supportLineUpdateSchema>;
