import type { Asset } from '@wallx/shared';
import type { WithdrawalsTable } from '../../platform/db/tables/money.js';

/** A payout transaction as signed: stored before it is broadcast. */
export type SentTransaction = { tx_hash: string; raw_tx: string; created_at: Date };

export type WithdrawalRow = {
  id: string;
  /** Null for an aid grant's payout, paid from and refunded to the aid fund (decision 147). */
  user_id: string | null;
  asset: Asset;
  amount: string;
  fee: string;
  to_address: string;
  status: WithdrawalStatus;
  nonce: string | null;
  broadcast_block: string | null;
  tx_hash: string | null;
  created_at: Date;
  updated_at: Date;
};

export type WithdrawalStatus = WithdrawalsTable['status'];
