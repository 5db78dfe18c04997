import { z } from 'zod';
import { pageQuery } from '../api/envelope.js';
import { addressSchema, assetSchema, dayString, decimalString } from '../api/primitives.js';
import {
  depositStatuses,
  fundRecordTypes,
  operatorWithdrawalStatuses,
  WITHDRAWAL_REVIEW_NOTE_MAX,
  WITHDRAWAL_REVIEW_NOTE_MIN,
  withdrawalReviewReasons,
} from './constants.js';

/**
 * The console's view of money (issue 16): withdrawals with their real state (the user sees `held`
 * as `processing`), deposits, the fees and limits operators keep, and the daily report.
 */

export const operatorWithdrawalQuerySchema = pageQuery.extend({
  status: z.enum(operatorWithdrawalStatuses).optional(),
  asset: assetSchema.optional(),
  user: addressSchema.optional(),
});
export type OperatorWithdrawalQuery = z.infer<typeof operatorWithdrawalQuerySchema>;

export const operatorWithdrawalSchema = z.object({
  id: z.string(),
  /** The owner's address; null for a grant's payout from the aid fund (it has no owner, `aid_grant` says whose). */
  user: z.string().nullable(),
  /** The aid fund's grant this payout carries (migration 041), with its partner organisation; null for a user's. */
  aid_grant: z.object({ id: z.string(), partner_id: z.string(), partner: z.string() }).nullable(),
  asset: assetSchema,
  amount: decimalString,
  fee: decimalString,
  to_address: z.string(),
  status: z.enum(operatorWithdrawalStatuses),
  review_reason: z.enum(withdrawalReviewReasons).nullable(),
  failure_reason: z.string().nullable(),
  nonce: z.string().nullable(),
  tx_hash: z.string().nullable(),
  /** A broadcast payout whose last transaction has waited past the worker's replacement time. */
  is_stuck: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type OperatorWithdrawal = z.infer<typeof operatorWithdrawalSchema>;

/** Approve, or reject with the reason the user's refund record will carry. */
export const withdrawalReviewSchema = z.discriminatedUnion('decision', [
  z.object({ decision: z.literal('approve'), note: z.string().trim().max(WITHDRAWAL_REVIEW_NOTE_MAX).optional() }),
  z.object({
    decision: z.literal('reject'),
    note: z.string().trim().min(WITHDRAWAL_REVIEW_NOTE_MIN).max(WITHDRAWAL_REVIEW_NOTE_MAX),
  }),
]);
export type WithdrawalReview = z.infer<typeof withdrawalReviewSchema>;

export const operatorDepositQuerySchema = pageQuery.extend({
  asset: assetSchema.optional(),
  user: addressSchema.optional(),
});
export type OperatorDepositQuery = z.infer<typeof operatorDepositQuerySchema>;

/** A credited deposit. */
export const operatorDepositSchema = z.object({
  id: z.string(),
  user: z.string(),
  asset: assetSchema,
  amount: decimalString,
  tx_hash: z.string(),
  log_index: z.number().int(),
  from_address: z.string(),
  block_number: z.string(),
  credited_at: z.string(),
});
export type OperatorDeposit = z.infer<typeof operatorDepositSchema>;

export const operatorDepositReportQuerySchema = pageQuery.extend({ status: z.enum(depositStatuses).optional() });
export type OperatorDepositReportQuery = z.infer<typeof operatorDepositReportQuerySchema>;

/** A deposit a user reported from the app, with the last thing the chain said about it (support's "my deposit is missing"). */
export const operatorDepositReportSchema = z.object({
  user: z.string(),
  asset: assetSchema,
  tx_hash: z.string(),
  status: z.enum(depositStatuses),
  confirmations: z.number().int(),
  reason: z.string().nullable(),
  reported_at: z.string(),
  checked_at: z.string(),
});
export type OperatorDepositReport = z.infer<typeof operatorDepositReportSchema>;

/** A share between 0 and 1 with at most 6 decimals, e.g. 0.05. */
export const feeRateSchema = z
  .string()
  .max(8)
  .regex(/^(0(\.\d{1,6})?|1(\.0{1,6})?)$/, 'must be a share between 0 and 1, e.g. 0.05, with at most 6 decimals');
const positiveWhole = z
  .string()
  .max(18)
  .regex(/^[1-9]\d{0,17}$/, 'must be a whole number greater than 0');

/** One asset's withdrawal limits (decision 28). */
export const withdrawalLimitsSchema = z.object({
  min: positiveWhole,
  fee: decimalString,
  review_above: positiveWhole,
  hourly_cap: positiveWhole,
});
export type WithdrawalLimits = z.infer<typeof withdrawalLimitsSchema>;

/** The fees and limits operators keep: withdrawal limits per asset and the two markets' fee rates. */
export const moneySettingsValuesSchema = z.object({
  withdraw: z.object({ USDT: withdrawalLimitsSchema, WALLX: withdrawalLimitsSchema }),
  markets: z.object({ mtrade_fee_rate: feeRateSchema, c2c_fee_rate: feeRateSchema }),
});
export type MoneySettingsValues = z.infer<typeof moneySettingsValuesSchema>;

/**
 * A change names the version it was made on: two operators editing at once cannot overwrite each
 * other unseen. It is proposed, and takes effect when another operator approves it (decision 118).
 */
export const moneySettingsUpdateSchema = moneySettingsValuesSchema.extend({ version: z.number().int().min(0) });
export type MoneySettingsUpdate = z.infer<typeof moneySettingsUpdateSchema>;

export const moneySettingsSchema = moneySettingsValuesSchema.extend({
  /** 0 while the deployment's configuration still applies; each approved change adds one. */
  version: z.number().int(),
  /** Who proposed the change in force, and who approved it (null: one operator saved it, before decision 118). */
  updated_by: z.string().nullable(),
  approved_by: z.string().nullable(),
  updated_at: z.string().nullable(),
  /** Set by the deployment and shown read-only: how the chain is reached and read. */
  chain: z.object({
    name: z.string(),
    chain_id: z.number().int(),
    confirmations: z.number().int(),
    deposit_address: z.string(),
    hot_wallet: z.string(),
  }),
});
export type MoneySettings = z.infer<typeof moneySettingsSchema>;

/**
 * A range of days in the report's zone, or none: then the last MONEY_REPORT_DEFAULT_DAYS up to today
 * there, which the answer names. "Today" is the server's, not the caller's calendar (issue 28).
 */
export const moneyReportQuerySchema = z
  .object({ from: dayString.optional(), to: dayString.optional() })
  .superRefine((range, ctx) => {
    if ((range.from === undefined) !== (range.to === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: [range.from === undefined ? 'from' : 'to'],
        message: 'give both ends of the range, or neither',
      });
    }
  });
export type MoneyReportQuery = z.infer<typeof moneyReportQuerySchema>;

/** What users' balances gained or lost on one day, per asset and kind of record. */
export const moneyReportRowSchema = z.object({
  day: z.string(),
  asset: assetSchema,
  type: z.enum(fundRecordTypes),
  count: z.number().int(),
  /** Credits minus debits to users' balances: negative when money left them (withdrawals, fees, purchases). */
  total: z.string(),
});
export type MoneyReportRow = z.infer<typeof moneyReportRowSchema>;

export const moneyReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  time_zone: z.string(),
  rows: z.array(moneyReportRowSchema),
});
export type MoneyReport = z.infer<typeof moneyReportSchema>;

/**
 * A transfer to the deposit address that no user sent (an exchange's hot wallet, a contract): open
 * until it is credited, by an approved proposal or by its sender's own report after registering.
 */
export const unattributedDepositSchema = z.object({
  id: z.string(),
  asset: assetSchema,
  amount: decimalString,
  from_address: z.string(),
  tx_hash: z.string(),
  log_index: z.number().int(),
  block_number: z.string(),
  found_at: z.string(),
  status: z.enum(['open', 'credited']),
  /** Who it was credited to, and when. */
  credited_to: z.string().nullable(),
  credited_at: z.string().nullable(),
});
export type UnattributedDeposit = z.infer<typeof unattributedDepositSchema>;
export const unattributedDepositQuerySchema = pageQuery.extend({
  status: z.enum(['open', 'credited']).optional(),
  asset: assetSchema.optional(),
});
