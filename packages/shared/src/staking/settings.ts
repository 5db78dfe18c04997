import { z } from 'zod';
import { decimalString } from '../api/primitives.js';
import { compare } from '../format/decimal.js';

/** A share of an amount, from 0 to 1 inclusive, as a decimal string (compared exactly: 1.000…001 is above 1). */
export const shareString = decimalString.refine((s) => compare(s, '1') <= 0, 'must be between 0 and 1');
/** A term's weight: how much a unit staked for it counts (positive). */
const weightString = decimalString.refine(
  (s) => compare(s, '0') > 0 && compare(s, '100') <= 0,
  'must be above 0 and at most 100',
);

/**
 * The staking pool's rules operators keep (decision 143); a change is a proposal another operator
 * approves. Shares are of the amount they apply to: `fee_share` of each market fee flows into the
 * pool, `aid_share` of each distribution goes to the aid fund, and a staker who checked in that day
 * weighs (1 + `checkin_boost`) times more.
 */
export const stakingSettingsValuesSchema = z.object({
  term_weights: z.object({
    flexible: weightString,
    d30: weightString,
    d90: weightString,
    d180: weightString,
  }),
  fee_share: shareString,
  aid_share: shareString,
  checkin_boost: decimalString.refine((s) => compare(s, '10') <= 0, 'must be at most 10'),
  /** The smallest stake, in WALLX. */
  min_stake: decimalString.refine((a) => !/^0+(\.0+)?$/.test(a), 'must be more than zero'),
});
export type StakingSettingsValues = z.infer<typeof stakingSettingsValuesSchema>;
export const stakingSettingsUpdateSchema = stakingSettingsValuesSchema.extend({ version: z.number().int().min(0) });
export type StakingSettingsUpdate = z.infer<typeof stakingSettingsUpdateSchema>;
export const stakingSettingsSchema = stakingSettingsValuesSchema.extend({
  version: z.number().int(),
  updated_by: z.string().nullable(),
  approved_by: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type StakingSettings = z.infer<typeof stakingSettingsSchema>;
