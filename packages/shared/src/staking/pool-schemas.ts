import { z } from 'zod';
import { decimalString } from '../api/primitives.js';
import { pageQuery } from '../api/envelope.js';
import { stakeStatuses, stakeTerms, stakingAssets } from './constants.js';

// The console's view of the staking pool (issue 48, decision 143): what it holds, the stakes in it,
// what each day's distribution did, and the proposals that change its rules or add to it.

/** The subject of a `staking.fund` proposal: the pool's WALLX. */
export const STAKING_BUDGET_SUBJECT = 'WALLX';
/** The subject of a `staking_settings.update` proposal: the one set in force. */
export const STAKING_SETTINGS_SUBJECT = 'current';
/** How many of the last distributions the pool's page shows. */
export const STAKING_RECENT_DAYS = 7;

/** What one day's distribution did in one asset: proceeds = aid + paid + kept. */
export const stakingDistributionSchema = z.object({
  day: z.string(),
  asset: z.enum(stakingAssets),
  proceeds: z.string(),
  aid: z.string(),
  paid: z.string(),
  kept: z.string(),
  stakes: z.number().int(),
  users: z.number().int(),
  total_weight: z.string(),
  distributed_at: z.string(),
});
export type StakingDistribution = z.infer<typeof stakingDistributionSchema>;

/** The pool's page: its balance per asset, what is staked (in all and per term) and the last distributions. */
export const stakingPoolSchema = z.object({
  pool: z.object({ WALLX: z.string(), USDT: z.string() }),
  /** All that operators ever added to the pool (WALLX). */
  funded: z.string(),
  staked: z.object({ amount: z.string(), stakes: z.number().int(), users: z.number().int() }),
  terms: z.array(z.object({ term: z.enum(stakeTerms), amount: z.string(), stakes: z.number().int() })),
  /** The last distributed day, null before the first. */
  last_day: z.string().nullable(),
  distributions: z.array(stakingDistributionSchema),
});
export type StakingPool = z.infer<typeof stakingPoolSchema>;

/** A stake as operators see it: money, not health data, so its owner's address is shown. */
export const operatorStakeSchema = z.object({
  id: z.string(),
  user: z.string(),
  amount: z.string(),
  term: z.enum(stakeTerms),
  status: z.enum(stakeStatuses),
  started_at: z.string(),
  ends_at: z.string().nullable(),
  closed_at: z.string().nullable(),
  earned_wallx: z.string(),
  earned_usdt: z.string(),
  last_day: z.string().nullable(),
  last_wallx: z.string(),
  last_usdt: z.string(),
});
export type OperatorStake = z.infer<typeof operatorStakeSchema>;
export const operatorStakesQuerySchema = pageQuery.extend({ status: z.enum(stakeStatuses).optional() });
export type OperatorStakesQuery = z.infer<typeof operatorStakesQuerySchema>;

/** The distributions, newest day first; a day's two assets come together. */
export const stakingDistributionsQuerySchema = pageQuery;
export type StakingDistributionsQuery = z.infer<typeof stakingDistributionsQuerySchema>;

/** Adding WALLX to the pool from the platform's staking budget: a proposal another finance operator approves. */
export const stakingFundRequestSchema = z.object({
  amount: decimalString.refine((a) => !/^0+(\.0+)?$/.test(a), 'must be more than zero'),
  reason: z.string().trim().min(3).max(500),
});
export type StakingFundRequest = z.infer<typeof stakingFundRequestSchema>;
