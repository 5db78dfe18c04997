/** The funds rules as plain values (no zod): shared by the schemas and the web's forms. */

/** Fund-record types: the ledger entry type as the account's owner sees it. */
export const fundRecordTypes = [
  'deposit',
  'withdrawal',
  'withdrawal_fee',
  'withdrawal_refund',
  'transfer_in',
  'transfer_out',
  'buy_miner',
  'mining_output',
  'mtrade_buy',
  'mtrade_sell',
  'mtrade_fee',
  'c2c_escrow',
  'c2c_release',
  'c2c_buy',
  'c2c_sell',
  'c2c_fee',
] as const;
export type FundRecordType = (typeof fundRecordTypes)[number];

export const FUND_PASSWORD_MIN_LENGTH = 6;
export const FUND_PASSWORD_MAX_TRIES = 5;
export const FUND_PASSWORD_LOCK_MINUTES = 15;

/** Withdrawal amounts are whole units and a multiple of this (spec §5). */
export const WITHDRAWAL_MULTIPLE = 10n;

export const depositStatuses = ['pending', 'confirming', 'credited', 'failed', 'invalid'] as const;
export type DepositStatus = (typeof depositStatuses)[number];
export const withdrawalStatuses = ['pending_review', 'queued', 'broadcast', 'processing', 'completed', 'refunded', 'rejected'] as const;
