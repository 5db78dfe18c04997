import { z } from 'zod';
import { PAGE_SIZE } from '../api/page.js';
import { addressSchema, dayString, decimalString } from '../api/primitives.js';
import { NICKNAME_HIDE_REASON, NICKNAME_MAX, NICKNAME_MIN, NICKNAME_PATTERN, prizeSkipReasons } from './constants.js';

/**
 * The weekly board (issue 47): Monday–Sunday in the check-in zone, ranked by days checked in, then
 * the current streak, then who got there first. Nothing of anyone's moods is on it.
 */
export const leaderboardQuerySchema = z.object({
  /** The week's Monday; none: this week. */
  week: dayString.optional(),
  page: z.coerce.number().int().min(1).max(50_000).default(1),
});

export const leaderboardRowSchema = z.object({
  rank: z.number().int(),
  /** The nickname, or a shortened address when none is set or an operator hid it. */
  name: z.string(),
  days: z.number().int(),
  streak: z.number().int(),
  /** The signed-in user's own row. */
  me: z.boolean(),
  /** The prize of this place (what it wins, or won once the week closed); null without one. */
  prize: decimalString.nullable(),
});

export const leaderboardSchema = z.object({
  week: z.string(),
  ends: z.string(),
  /** Closed weeks are final: their prizes are paid. */
  closed: z.boolean(),
  page: z.number().int(),
  page_size: z.literal(PAGE_SIZE),
  total: z.number().int(),
  prizes: z.array(decimalString),
  items: z.array(leaderboardRowSchema),
  /** Where I stand this week: null when I am off the board or have not checked in this week. */
  me: leaderboardRowSchema.nullable(),
});
export type Leaderboard = z.infer<typeof leaderboardSchema>;

export const nicknameSchema = z
  .string()
  .trim()
  .min(NICKNAME_MIN)
  .max(NICKNAME_MAX)
  .regex(NICKNAME_PATTERN, 'letters, digits, spaces, _ - or . only');

/** `PUT /api/leaderboard/profile`: join the board (or stay on it) under a nickname, or none (a shortened address). */
export const leaderboardProfileRequestSchema = z.object({ nickname: nicknameSchema.nullable() });
export const leaderboardProfileSchema = z.object({
  nickname: z.string().nullable(),
  on_board: z.boolean(),
  /** An operator hid the nickname (abuse): the board shows the shortened address. */
  hidden: z.boolean(),
});
export type LeaderboardProfile = z.infer<typeof leaderboardProfileSchema>;

// Operators.
export const operatorLeaderboardRowSchema = leaderboardRowSchema.omit({ me: true }).extend({
  user: z.string(),
  nickname: z.string().nullable(),
  hidden: z.boolean(),
});
export const operatorLeaderboardSchema = leaderboardSchema.omit({ items: true, me: true }).extend({
  items: z.array(operatorLeaderboardRowSchema),
  payouts: z.array(
    z.object({
      rank: z.number().int(),
      user: z.string(),
      amount: decimalString,
      paid: z.boolean(),
      reason: z.enum(prizeSkipReasons).nullable(),
    }),
  ),
});
/** What an operator's hide or unhide answers: the user's board profile as the console sees it. */
export const operatorNicknameSchema = z.object({
  user: z.string(),
  nickname: z.string().nullable(),
  on_board: z.boolean(),
  hidden: z.boolean(),
  hidden_reason: z.string().nullable(),
});
export type OperatorNickname = z.infer<typeof operatorNicknameSchema>;
export const operatorLeaderboardUserParamSchema = z.object({ user: addressSchema });
export type OperatorLeaderboard = z.infer<typeof operatorLeaderboardSchema>;
export const nicknameHideSchema = z.object({
  reason: z.string().trim().min(NICKNAME_HIDE_REASON.min).max(NICKNAME_HIDE_REASON.max),
});
