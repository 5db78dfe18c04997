import { z } from 'zod';
import { SECRET_MAX_LENGTH } from '../api/constants.js';
import { decimalString } from '../api/primitives.js';
import { stakeStatuses, stakeTerms } from './constants.js';

/**
 * A user's stakes in the emotion staking pool (issue 48, decision 143). Every route here reads or
 * writes the signed-in user's own stakes; the pool's size is public to any signed-in user.
 */
export const stakeTermSchema = z.enum(stakeTerms);

/** WALLX to stake: more than zero, up to 18 decimals; the settings' minimum is checked by the server. */
export const stakeAmountSchema = decimalString.refine((a) => !/^0+(\.0+)?$/.test(a), 'must be more than zero');

/** `POST /api/staking/stakes`. */
export const stakeRequestSchema = z.object({
  amount: stakeAmountSchema,
  term: stakeTermSchema,
  fund_password: z.string().min(1).max(SECRET_MAX_LENGTH),
});
export type StakeRequest = z.infer<typeof stakeRequestSchema>;

/** `POST /api/staking/stakes/{id}/unstake`. */
export const unstakeRequestSchema = z.object({
  fund_password: z.string().min(1).max(SECRET_MAX_LENGTH),
});
export type UnstakeRequest = z.infer<typeof unstakeRequestSchema>;

/** An amount per asset the pool pays in. */
export const stakingAmountsSchema = z.object({ wallx: decimalString, usdt: decimalString });
export type StakingAmounts = z.infer<typeof stakingAmountsSchema>;

export const stakeSchema = z.object({
  id: z.string(),
  /** WALLX staked. */
  amount: decimalString,
  term: stakeTermSchema,
  status: z.enum(stakeStatuses),
  started_at: z.string(),
  /** When a term stake may be withdrawn (and is returned on its own); null for a flexible one. */
  ends_at: z.string().nullable(),
  /** When it was withdrawn or returned; null while active. */
  closed_at: z.string().nullable(),
  /** Everything the daily distributions paid it. */
  earned: stakingAmountsSchema,
  /** The last distribution that paid it: its day (null before the first) and what it paid. */
  last: z.object({ day: z.string().nullable(), wallx: decimalString, usdt: decimalString }),
  /** Whether its owner may withdraw it now: active, and flexible or past its end. */
  can_unstake: z.boolean(),
});
export type Stake = z.infer<typeof stakeSchema>;

/** One term as the stake form offers it: its length in days (null: flexible) and its weight. */
export const stakeTermOptionSchema = z.object({
  term: stakeTermSchema,
  days: z.number().int().nullable(),
  weight: decimalString,
});

/** `GET /api/staking`: the stake screen's summary. */
export const stakingSummarySchema = z.object({
  pool: z.object({
    /** What the pool holds to distribute, per asset (the `staking_pool` account). */
    proceeds: stakingAmountsSchema,
    /** WALLX staked by everyone (the `stakes` account). */
    staked: decimalString,
  }),
  mine: z.object({
    /** WALLX in the user's active stakes. */
    staked: decimalString,
    active: z.number().int(),
    /** What the user's stakes earned yesterday in the output zone (the day named), and ever. */
    yesterday: stakingAmountsSchema.extend({ day: z.string() }),
    total: stakingAmountsSchema,
  }),
  settings: z.object({
    terms: z.array(stakeTermOptionSchema),
    min_stake: decimalString,
    /** A staker who checked in that day weighs (1 + this) times more. */
    checkin_boost: decimalString,
    /** The aid fund's share of each distribution (0 to 1). */
    aid_share: decimalString,
  }),
});
export type StakingSummary = z.infer<typeof stakingSummarySchema>;
