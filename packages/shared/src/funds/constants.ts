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
  'checkin_reward',
  'streak_bonus',
  'leaderboard_prize',
  'rewards_funding',
  'stake',
  'unstake',
  'staking_reward',
  'donation',
  'staking_fee_share',
  'staking_funding',
  'aid_share',
  'aid_grant',
] as const;
export type FundRecordType = (typeof fundRecordTypes)[number];

/** Types only the platform's own accounts carry (a budget's funding, the pool's and the aid fund's moves). */
export const platformRecordTypes = [
  'rewards_funding',
  'staking_fee_share',
  'staking_funding',
  'aid_share',
  'aid_grant',
] as const satisfies readonly FundRecordType[];
/** The types a user's own records can show: what the records screen offers to filter by. */
export const userRecordTypes: readonly FundRecordType[] = fundRecordTypes.filter(
  (type) => !(platformRecordTypes as readonly FundRecordType[]).includes(type),
);

export const FUND_PASSWORD_MIN_LENGTH = 6;
export const FUND_PASSWORD_MAX_TRIES = 5;
export const FUND_PASSWORD_LOCK_MINUTES = 15;

/** Withdrawal amounts are whole units and a multiple of this (spec §5). */
export const WITHDRAWAL_MULTIPLE = 10n;

export const depositStatuses = ['pending', 'confirming', 'credited', 'failed', 'invalid'] as const;
export type DepositStatus = (typeof depositStatuses)[number];
export const withdrawalStatuses = [
  'pending_review',
  'queued',
  'broadcast',
  'processing',
  'completed',
  'refunded',
  'rejected',
] as const;

// The console's money rules (its bundle loads no zod, so they live here, not beside the schemas).

/** Every state a withdrawal row can be in, as the payout worker and operators know it. */
export const operatorWithdrawalStatuses = [
  'pending_review',
  'queued',
  'broadcast',
  'held',
  'completed',
  'failed',
  'refunded',
  'rejected',
] as const;
export type OperatorWithdrawalStatus = (typeof operatorWithdrawalStatuses)[number];

/** Why a withdrawal waits for an operator (decision 28): one large request, the user's day, the platform's hour, or a payout that may have been made. */
export const withdrawalReviewReasons = ['amount', 'daily_total', 'hourly_cap', 'nonce'] as const;

export const WITHDRAWAL_REVIEW_NOTE_MIN = 3;
export const WITHDRAWAL_REVIEW_NOTE_MAX = 500;
export const WITHDRAWAL_REVIEW_NOTE = { min: WITHDRAWAL_REVIEW_NOTE_MIN, max: WITHDRAWAL_REVIEW_NOTE_MAX } as const;

/** The report covers at most this many days at once. */
export const MONEY_REPORT_MAX_DAYS = 92;
/** Asked for no range, the report covers this many days up to today in its own zone. */
export const MONEY_REPORT_DEFAULT_DAYS = 7;

/** Recent recipients offered on a recipient field: enough to find the usual ones, few enough to tap. */
export const RECENT_RECIPIENTS_MAX = 5;
