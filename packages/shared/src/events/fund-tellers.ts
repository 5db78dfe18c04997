import type { FundRecordType } from '../funds/constants.js';

/**
 * How a person learns that money reached them, per fund-record type (issue 45, decision 125):
 * - `ledger`: the posting itself tells: the credited user's balance event is a notice naming the type,
 *   the amount and who sent it (a transfer from another user);
 * - an event type: the event the same change writes already tells (a deposit credited, a withdrawal
 *   refunded, an order filled or ended), so the posting does not tell twice;
 * - `request`: the user's own request moved it (collecting output, buying WALLX), and its screen says so;
 * - `none`: the type never credits a user; the ledger refuses a credit of it to a user's account.
 * No zod here: the web app imports it.
 */
export type FundTeller = 'ledger' | 'deposit' | 'withdrawal' | 'order' | 'request' | 'none';

export const fundTellers: Record<FundRecordType, FundTeller> = {
  deposit: 'deposit',
  withdrawal: 'none',
  withdrawal_fee: 'none',
  withdrawal_refund: 'withdrawal',
  transfer_in: 'ledger',
  transfer_out: 'none',
  buy_miner: 'none',
  mining_output: 'request',
  mtrade_buy: 'none',
  mtrade_sell: 'order',
  mtrade_fee: 'none',
  c2c_escrow: 'none',
  c2c_release: 'order',
  // The buyer's own purchase credits the WALLX (the same type names the USDT they paid).
  c2c_buy: 'request',
  c2c_sell: 'order',
  c2c_fee: 'none',
  // The check-in screen says what the day earned (issue 47).
  checkin_reward: 'request',
  streak_bonus: 'request',
  // A weekly prize arrives on its own when the week closes: the posting is the notice.
  leaderboard_prize: 'ledger',
  // The rewards budget's source: the platform's side only.
  rewards_funding: 'none',
  // The staking pool and the aid fund (issue 48). Staking and donating debit the user only.
  stake: 'none',
  donation: 'none',
  // A term stake comes back on its own at its end: the posting is the notice (and a flexible one's
  // notice repeats what the unstake screen said, which is harmless).
  unstake: 'ledger',
  // Paid to every staker once a day, with nothing else to tell of it: the posting is the notice.
  staking_reward: 'ledger',
  // Platform-side movements: the pool's inflows, the fund's share and its grants never credit a user.
  staking_fee_share: 'none',
  staking_funding: 'none',
  aid_share: 'none',
  aid_grant: 'none',
};

/** The credited user's balance event is itself the notice (see fundTellers). */
export const isToldByLedger = (type: FundRecordType): boolean => fundTellers[type] === 'ledger';

/** A type a user's account may be credited with. */
export const creditsUser = (type: FundRecordType): boolean => fundTellers[type] !== 'none';
