import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Timestamp } from './columns.js';

// The ledger and the money around it: deposits, withdrawals, settings, proposals, job leases.

export interface LedgerEntriesTable {
  id: Generated<string>;
  transaction_id: string;
  account_id: string;
  counterpart_account_id: string;
  type: string;
  amount: string;
  balance_after: string | null;
  ref_type: string | null;
  ref_id: string | null;
  created_at: CreatedAt;
}

/** A platform account's balance, spread over slots (migration 043): the balance is their sum. */
export interface PlatformBalancesTable {
  account_id: string;
  slot: number;
  balance: string;
}

export interface IdempotencyKeysTable {
  user_id: string;
  key: string;
  request_hash: string;
  response: ColumnType<unknown, string | undefined, string>;
  created_at: CreatedAt;
}

export interface DepositsTable {
  id: Generated<string>;
  user_id: string;
  asset: 'USDT' | 'WALLX';
  tx_hash: string;
  log_index: number;
  from_address: string;
  amount: string;
  block_number: string;
  block_hash: string;
  /** The user's own deposit address it reached; null for the shared one. */
  to_address: string | null;
  credited_at: CreatedAt;
}

export interface DepositAddressesTable {
  address: string;
  user_id: string;
  factory: string;
  created_at: CreatedAt;
}

export interface UnattributedDepositsTable {
  id: Generated<string>;
  asset: 'USDT' | 'WALLX';
  tx_hash: string;
  log_index: number;
  from_address: string;
  amount: string;
  block_number: string;
  block_hash: string;
  found_at: CreatedAt;
}

export interface DepositReportsTable {
  user_id: string;
  tx_hash: string;
  asset: 'USDT' | 'WALLX';
  status: 'pending' | 'confirming' | 'credited' | 'failed' | 'invalid';
  confirmations: Generated<number>;
  reason: string | null;
  reported_at: CreatedAt;
  checked_at: ColumnType<Date, Date | string | undefined, Date | string>;
  /** Checks in a row that found no receipt: the back-off of the next (decision 124). */
  unseen_checks: Generated<number>;
  next_check_at: ColumnType<Date, Date | string | undefined, Date | string>;
  /** The amount its receipt shows for the user, known while it confirms (migration 035). */
  amount: string | null;
}

/** A transfer to a user seen before its confirmations (migration 035, decision 126). */
export interface DepositSightingsTable {
  tx_hash: string;
  log_index: number;
  user_id: string;
  asset: 'USDT' | 'WALLX';
  from_address: string;
  amount: string;
  block_number: string;
  block_hash: string;
  confirmations: number;
  seen_at: CreatedAt;
}

export interface ChainCursorsTable {
  name: string;
  block_number: string;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface JobLeasesTable {
  name: string;
  holder: string;
  expires_at: Timestamp;
}

export interface WithdrawalsTable {
  id: Generated<string>;
  /** Null for an aid grant's payout (migration 041): `aid_grant_id` says which. */
  user_id: string | null;
  aid_grant_id: Generated<string | null>;
  asset: 'USDT' | 'WALLX';
  amount: string;
  fee: string;
  to_address: string;
  status: 'pending_review' | 'queued' | 'broadcast' | 'held' | 'completed' | 'failed' | 'refunded' | 'rejected';
  nonce: string | null;
  tx_hash: string | null;
  failure_reason: string | null;
  review_reason: 'amount' | 'daily_total' | 'hourly_cap' | 'nonce' | null;
  broadcast_block: string | null;
  /** The request that asked for it: the user's, or the approval's for an aid grant (migration 046). */
  request_id: Generated<string | null>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface WithdrawalTransactionsTable {
  tx_hash: string;
  withdrawal_id: string;
  nonce: string;
  gas_price: string;
  raw_tx: string;
  created_at: CreatedAt;
}

type ChainMoveStatus = 'sent' | 'confirmed' | 'reverted' | 'dropped';

export interface SweepsTable {
  id: Generated<string>;
  asset: 'USDT' | 'WALLX';
  status: ChainMoveStatus;
  nonce: string;
  tx_hash: string;
  raw_tx: string;
  gas_price: string;
  gas_used: string | null;
  gas_cost: string | null;
  amount_received: string | null;
  deployed_count: number | null;
  block_number: string | null;
  replaced_tx_hashes: Generated<string[]>;
  signed_at: Generated<Date>;
  created_at: CreatedAt;
  settled_at: Date | null;
}

export interface SweepAddressesTable {
  sweep_id: string;
  address: string;
  expected: string;
  swept: string | null;
  deployed: boolean | null;
}

/** A Swept event of the deposit factory, whoever sent the sweep (migration 033). */
export interface SweptEventsTable {
  tx_hash: string;
  log_index: number;
  block_number: string;
  block_hash: string;
  address: string;
  asset: 'USDT' | 'WALLX';
  amount: string;
  deployed: boolean;
  sweep_id: string | null;
  recorded_at: CreatedAt;
}

export interface ColdTransfersTable {
  id: Generated<string>;
  asset: 'USDT' | 'WALLX';
  status: ChainMoveStatus;
  amount: string;
  to_address: string;
  nonce: string;
  tx_hash: string;
  raw_tx: string;
  gas_price: string;
  gas_used: string | null;
  gas_cost: string | null;
  block_number: string | null;
  replaced_tx_hashes: Generated<string[]>;
  signed_at: Generated<Date>;
  created_at: CreatedAt;
  settled_at: Date | null;
}

export interface MoneySettingsTable {
  id: Generated<boolean>;
  settings: unknown;
  version: number;
  updated_by: string;
  approved_by: string | null;
  updated_at: Generated<Date>;
}

export interface ProposalsTable {
  id: Generated<string>;
  kind: string;
  subject_type: string;
  subject_id: string;
  reason: string;
  status: Generated<string>;
  proposed_by: string;
  proposed_at: CreatedAt;
  decided_by: string | null;
  decided_at: Date | null;
  detail: Generated<unknown>;
}

export interface PlatformSettingsTable {
  name: string;
  value: string;
  created_at: CreatedAt;
}
