import type { ColumnType, Generated } from 'kysely';

/** bigint ids travel as strings (pg's default) so they never lose precision. */
type Id = ColumnType<string, string | undefined, never>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;

export interface UsersTable {
  id: Generated<string>;
  address: string;
  share_code: string;
  inviter_id: string | null;
  is_validator: Generated<boolean>;
  is_frozen: Generated<boolean>;
  created_at: CreatedAt;
  fund_password_hash: string | null;
  fund_password_failures: Generated<number>;
  fund_password_locked_until: Timestamp | null;
}

export interface AccountsTable {
  id: Generated<string>;
  user_id: string | null;
  /** 'user' for a user's own account; otherwise the platform account's purpose. */
  kind: string;
  asset: 'USDT' | 'WALLX';
  balance: ColumnType<string, string | undefined, string>;
  created_at: CreatedAt;
}

export interface LoginMessagesTable {
  address: string;
  message: string;
  used_at: CreatedAt;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  created_at: CreatedAt;
  revoked_at: Timestamp | null;
}

export interface RefreshTokensTable {
  token_hash: string;
  session_id: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: CreatedAt;
}

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
  credited_at: CreatedAt;
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
  user_id: string;
  asset: 'USDT' | 'WALLX';
  amount: string;
  fee: string;
  to_address: string;
  status: 'pending_review' | 'queued' | 'broadcast' | 'completed' | 'failed' | 'refunded' | 'rejected';
  nonce: string | null;
  tx_hash: string | null;
  failure_reason: string | null;
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

export interface OperatorAuditTable {
  id: Generated<string>;
  operator: string;
  action: string;
  subject_type: string;
  subject_id: string;
  detail: ColumnType<unknown, string | undefined, string>;
  created_at: CreatedAt;
}

export interface Database {
  users: UsersTable;
  accounts: AccountsTable;
  login_messages: LoginMessagesTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  ledger_entries: LedgerEntriesTable;
  idempotency_keys: IdempotencyKeysTable;
  deposits: DepositsTable;
  deposit_reports: DepositReportsTable;
  chain_cursors: ChainCursorsTable;
  job_leases: JobLeasesTable;
  withdrawals: WithdrawalsTable;
  withdrawal_transactions: WithdrawalTransactionsTable;
  operator_audit: OperatorAuditTable;
}

export type { Id };
