import { z } from 'zod';
import { assetSchema, decimalString, signatureSchema } from '../api/primitives.js';
import { SECRET_MAX_LENGTH, WHOLE_AMOUNT_PATTERN } from '../api/constants.js';
import { depositStatuses, fundRecordTypes, withdrawalStatuses } from './constants.js';

export const fundRecordTypeSchema = z.enum(fundRecordTypes);

/**
 * Set: password + confirm + the wallet's signature of the set (message + signature, as a reset's).
 * Change: old_password + password + confirm.
 */
export const fundPasswordRequestSchema = z.object({
  password: z.string().max(SECRET_MAX_LENGTH),
  confirm: z.string().max(SECRET_MAX_LENGTH),
  old_password: z.string().max(SECRET_MAX_LENGTH).optional(),
  message: z.string().min(1).max(1000).optional(),
  signature: signatureSchema.optional(),
});
export type FundPasswordRequest = z.infer<typeof fundPasswordRequestSchema>;

/**
 * A forgotten fund password, replaced on the wallet's signature: a sign-in-style message (EIP-4361,
 * a nonce from /api/web3/nonce) whose statement is the reset's.
 */
export const fundPasswordResetRequestSchema = z.object({
  password: z.string().max(SECRET_MAX_LENGTH),
  confirm: z.string().max(SECRET_MAX_LENGTH),
  message: z.string().min(1).max(1000),
  signature: signatureSchema,
});
export type FundPasswordResetRequest = z.infer<typeof fundPasswordResetRequestSchema>;

/** After a reset: until when transfers, withdrawals and market trades wait. */
export const fundPasswordResetResultSchema = z.object({ hold_until: z.string() });
export type FundPasswordResetResult = z.infer<typeof fundPasswordResetResultSchema>;

/** Transfer amounts are whole units (spec §5: an integer greater than 0). */
export const transferAmountSchema = z
  .string()
  .max(20)
  .regex(WHOLE_AMOUNT_PATTERN, 'must be a whole number greater than 0');

export const transferRequestSchema = z.object({
  to: z.string().max(64),
  asset: assetSchema,
  amount: transferAmountSchema,
  fund_password: z.string().min(1).max(SECRET_MAX_LENGTH),
});
export type TransferRequest = z.infer<typeof transferRequestSchema>;

export const transferSchema = z.object({
  id: z.string(),
  direction: z.enum(['in', 'out']),
  counterpart: z.string(),
  asset: assetSchema,
  amount: decimalString,
  created_at: z.string(),
});
export type Transfer = z.infer<typeof transferSchema>;

/**
 * `GET /api/recipients/check?to=`: the recipient of a transfer (of funds or of a miner) as it will be
 * typed in the transfer's `to`, checked before the review sheet. It answers no more than the transfer
 * would: an address that is not an account is refused as the transfer refuses it.
 */
export const recipientCheckQuerySchema = z.object({ to: z.string().max(64) });
export type RecipientCheckQuery = z.infer<typeof recipientCheckQuerySchema>;

/** The registered account a transfer would reach, its address as stored (lower case). */
export const recipientCheckSchema = z.object({ address: z.string() });
export type RecipientCheck = z.infer<typeof recipientCheckSchema>;

/** `GET /api/recipients/recent`: where my own transfers (of funds and of miners) went, the latest first. */
export const recentRecipientSchema = z.object({ address: z.string(), last_sent_at: z.string() });
export type RecentRecipient = z.infer<typeof recentRecipientSchema>;

export const fundRecordSchema = z.object({
  id: z.string(),
  type: fundRecordTypeSchema,
  asset: assetSchema,
  /** Signed: negative when money left the account. */
  amount: z.string(),
  balance_after: decimalString,
  ref_type: z.string().nullable(),
  ref_id: z.string().nullable(),
  created_at: z.string(),
});
export type FundRecord = z.infer<typeof fundRecordSchema>;

export const fundRecordsQuerySchema = z.object({
  type: fundRecordTypeSchema.optional(),
  asset: assetSchema.optional(),
});

export const txHashSchema = z
  .string()
  .max(66)
  .regex(/^0x[0-9a-fA-F]{64}$/, 'must be a 0x-prefixed 32-byte transaction hash');

export const depositConfigSchema = z.object({
  chain_id: z.number().int(),
  rpc_url: z.string(),
  explorer_url: z.string().nullable(),
  deposit_address: z.string(),
  confirmations: z.number().int(),
  tokens: z.object({
    USDT: z.object({ address: z.string(), decimals: z.number().int() }),
    WALLX: z.object({ address: z.string(), decimals: z.number().int() }),
  }),
});
export type DepositConfig = z.infer<typeof depositConfigSchema>;

/** The user's own deposit address: tokens sent to it from any wallet or exchange are credited to them. */
export const depositAddressSchema = z.object({ address: z.string() });
export type DepositAddress = z.infer<typeof depositAddressSchema>;

export const depositReportRequestSchema = z.object({ asset: assetSchema, tx_hash: txHashSchema });

export const depositSchema = z.object({
  tx_hash: z.string(),
  asset: assetSchema,
  /** pending: not mined yet; confirming: mined, waiting for confirmations; failed: reverted; invalid: not a deposit of this user. */
  status: z.enum(depositStatuses),
  amount: decimalString.nullable(),
  confirmations: z.number().int(),
  required_confirmations: z.number().int(),
  reason: z.string().nullable(),
  reported_at: z.string(),
});
export type Deposit = z.infer<typeof depositSchema>;

/** Withdrawal amounts are whole units, a positive multiple of 10 (spec §5). */
export const withdrawalAmountSchema = z
  .string()
  .max(20)
  .regex(WHOLE_AMOUNT_PATTERN, 'must be a whole number greater than 0');
export const withdrawalRequestSchema = z.object({
  asset: assetSchema,
  amount: withdrawalAmountSchema,
  fund_password: z.string().min(1).max(SECRET_MAX_LENGTH),
});
export type WithdrawalRequest = z.infer<typeof withdrawalRequestSchema>;

export const withdrawalSchema = z.object({
  id: z.string(),
  asset: assetSchema,
  amount: decimalString,
  fee: decimalString,
  to_address: z.string(),
  /**
   * pending_review → queued → broadcast → completed | refunded (the payout failed on chain); pending_review → rejected (by an operator).
   * processing: sent, but its outcome waits for an operator's check. Refunded and rejected give amount and fee back.
   */
  status: z.enum(withdrawalStatuses),
  tx_hash: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Withdrawal = z.infer<typeof withdrawalSchema>;

/**
 * What the withdrawal screen shows before the user types: per asset minimum and fee, the amount
 * above which a withdrawal waits for an operator's review, and how long a review usually takes.
 */
const withdrawalAssetConfigSchema = z.object({ min: decimalString, fee: decimalString, review_above: decimalString });
export const withdrawalConfigSchema = z.object({
  USDT: withdrawalAssetConfigSchema,
  WALLX: withdrawalAssetConfigSchema,
  review_hours: z.number().int(),
});
export type WithdrawalConfig = z.infer<typeof withdrawalConfigSchema>;
