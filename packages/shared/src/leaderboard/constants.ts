/** Weekly leaderboard rules as plain values (no zod). */

/** A nickname on the board: 2–20 letters, digits, spaces, `_`, `-` or `.`, unique regardless of case. */
export const NICKNAME_MIN = 2;
export const NICKNAME_MAX = 20;
export const NICKNAME = { min: NICKNAME_MIN, max: NICKNAME_MAX } as const;
export const NICKNAME_PATTERN = /^[\p{L}\p{N}][\p{L}\p{N} _.-]*[\p{L}\p{N}]$/u;

/** At most this many places win a prize (the settings hold the amounts). */
export const LEADERBOARD_PRIZE_PLACES_MAX = 10;

/** Why a place's prize was not paid when its week closed. */
export const prizeSkipReasons = ['not_eligible', 'budget_empty'] as const;
export type PrizeSkipReason = (typeof prizeSkipReasons)[number];

export const NICKNAME_HIDE_REASON = { min: 3, max: 200 } as const;
