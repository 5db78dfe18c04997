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
  fund_password_hold_until: Timestamp | null;
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

export interface LoginNoncesTable {
  nonce: string;
  expires_at: Date;
  used_at: Date | null;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  created_at: CreatedAt;
  revoked_at: Timestamp | null;
  user_agent: string | null;
  ip_prefix: string | null;
  last_used_at: Timestamp | null;
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
  status: 'pending_review' | 'queued' | 'broadcast' | 'held' | 'completed' | 'failed' | 'refunded' | 'rejected';
  nonce: string | null;
  tx_hash: string | null;
  failure_reason: string | null;
  review_reason: 'amount' | 'daily_total' | 'hourly_cap' | 'nonce' | null;
  broadcast_block: string | null;
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

type Numeric = ColumnType<string, string | undefined, string>;
type Day = ColumnType<string, string, string>;

export interface MinerProductsTable {
  id: Generated<string>;
  name: string;
  image: Generated<string>;
  category: 'node' | 'machine';
  price_usdt: string | null;
  price_wallx: string | null;
  daily_output: string;
  output_days: number;
  stock: number;
  per_user_limit: number | null;
  physical: Generated<boolean>;
  gift: Generated<boolean>;
  on_sale: Generated<boolean>;
  sort: Generated<number>;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
  /** When pick-up of a physical product opens; null: not scheduled. */
  pickup_from: Timestamp | null;
  /** Bumped by every operator edit (not by purchases): an edit names the version it was made from. */
  version: Generated<number>;
}

export interface MinerOrdersTable {
  id: Generated<string>;
  user_id: string;
  product_id: string;
  purchase_id: string;
  pay_asset: 'USDT' | 'WALLX' | null;
  price: string | null;
  gift: Generated<boolean>;
  status: Generated<'unused' | 'used'>;
  created_at: CreatedAt;
  used_at: Timestamp | null;
  /** Its physical unit was requested (delivery or pick-up): it can no longer change hands. */
  claimed: Generated<boolean>;
  /** The output terms of the product when this unit was bought or granted; its miner copies them. */
  daily_output: Numeric;
  output_days: number;
}

/** An uploaded image, served at /api/images/<sha256>.<ext> (migration 015). */
export interface ImagesTable {
  sha256: string;
  content_type: 'image/png' | 'image/jpeg' | 'image/webp';
  bytes: Buffer;
  size: number;
  created_at: CreatedAt;
}

export interface MinerGiftGrantsTable {
  id: Generated<string>;
  purchase_id: string;
  idempotency_key: string | null;
  user_id: string;
  product_id: string;
  quantity: number;
  reason: string;
  operator: string;
  created_at: CreatedAt;
}

export interface MinersTable {
  id: Generated<string>;
  machine_no: string;
  user_id: string;
  product_id: string;
  order_id: string;
  gift: boolean;
  daily_output: Numeric;
  output_days: number;
  state: Generated<'off' | 'on' | 'selling' | 'expired'>;
  activated_at: Timestamp | null;
  /** 'YYYY-MM-DD' (dates are read as text, see database.ts). */
  first_output_day: Day | null;
  last_output_day: Day | null;
  created_at: CreatedAt;
  claimed: Generated<boolean>;
}

export interface MinerOutputsTable {
  id: Generated<string>;
  miner_id: string;
  user_id: string;
  day: Day;
  amount: Numeric;
  status: Generated<'to_collect' | 'collected'>;
  created_at: CreatedAt;
  collected_at: Timestamp | null;
  collection_id: string | null;
}

export interface MinerOutputDaysTable {
  day: Day;
  outputs: number;
  expired: number;
  finished_at: CreatedAt;
}

export interface MinerTransfersTable {
  id: Generated<string>;
  miner_id: string;
  from_user_id: string;
  to_user_id: string;
  created_at: CreatedAt;
}

type Expiry = '4H' | '6H' | '12H' | '1D' | '3D' | '7D' | '14D' | '1M';
type MarketOrderColumns = {
  id: Generated<string>;
  seller_id: string;
  unit_price: Numeric;
  fee: Numeric;
  expiry: Expiry;
  expires_at: Timestamp;
  status: Generated<'pending' | 'filled' | 'cancelled'>;
  buyer_id: string | null;
  filled_at: Timestamp | null;
  cancelled_at: Timestamp | null;
  cancel_reason: 'seller' | 'expired' | 'operator' | null;
  /** An operator's words to the seller when cancel_reason is 'operator' (migration 016). */
  cancel_note: string | null;
  created_at: CreatedAt;
};

export type MtradeOrdersTable = MarketOrderColumns & { miner_id: string };
export type C2cOrdersTable = MarketOrderColumns & { amount: Numeric; total: Numeric };

/** The invite tree as a closure table: one row per (member, ancestor). */
export interface TeamPathsTable {
  descendant_id: string;
  ancestor_id: string;
  depth: number;
}

export interface TeamStatsTable {
  user_id: string;
  direct_count: Generated<number>;
  team_size: Generated<number>;
  own_usdt: Generated<string>;
  own_wallx: Generated<string>;
  team_usdt: Generated<string>;
  team_wallx: Generated<string>;
}

export interface TeamDailyTable {
  user_id: string;
  day: ColumnType<string, string, string>;
  usdt: Generated<string>;
  wallx: Generated<string>;
}

export interface AddressesTable {
  id: Generated<string>;
  user_id: string;
  country: string;
  province: string;
  recipient: string;
  phone: string;
  postcode: string;
  detail: string;
  is_default: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface PickupPointsTable {
  id: Generated<string>;
  name: string;
  country: string;
  province: string;
  address: string;
  hours: Generated<string>;
  active: Generated<boolean>;
  created_at: CreatedAt;
}

export interface PickupInventoryTable {
  point_id: string;
  product_id: string;
  quantity: number;
}

export interface ValidatorPointsTable {
  user_id: string;
  point_id: string;
  created_at: CreatedAt;
}

export interface ShippingRequestsTable {
  id: Generated<string>;
  user_id: string;
  kind: 'delivery' | 'pickup';
  status: 'to_ship' | 'shipped' | 'pending' | 'written_off';
  product_id: string;
  order_id: string | null;
  miner_id: string | null;
  /** jsonb: the address as it was when requested. */
  address: ColumnType<unknown, string | null, string | null>;
  carrier: string | null;
  tracking_no: string | null;
  shipped_at: Timestamp | null;
  point_id: string | null;
  code: string | null;
  written_off_by: string | null;
  written_off_at: Timestamp | null;
  created_at: CreatedAt;
}

export interface FeedbackTable {
  id: Generated<string>;
  user_id: string;
  title: string;
  detail: string;
  status: Generated<'open' | 'replied'>;
  reply: string | null;
  replied_by: string | null;
  replied_at: Timestamp | null;
  reply_read_at: Timestamp | null;
  created_at: CreatedAt;
}

/** Content tables: multi-language texts (lang:::text, untagged lines continuing the one above). */
export interface HomeScenesTable {
  id: Generated<string>;
  title: string;
  body: string;
  icon: string;
  tone: string;
  link: Generated<string>;
  sort: Generated<number>;
  published: Generated<boolean>;
}
export interface PartnersTable {
  id: Generated<string>;
  name: string;
  mark: string;
  color: string;
  link: Generated<string>;
  sort: Generated<number>;
  published: Generated<boolean>;
}
export interface ArticlesTable {
  key: string;
  title: string;
  body: string;
  sort: Generated<number>;
  published: Generated<boolean>;
  updated_at: Generated<Date>;
}
export interface EcologyItemsTable {
  id: Generated<string>;
  title: string;
  body: string;
  icon: string;
  link: Generated<string>;
  sort: Generated<number>;
  published: Generated<boolean>;
}
export interface CoursesTable {
  id: Generated<string>;
  title: string;
  summary: Generated<string>;
  body: Generated<string>;
  cover: string;
  video: string;
  poster: Generated<string>;
  duration_seconds: number;
  regions: Generated<string[]>;
  requires_miner: Generated<boolean>;
  sort: Generated<number>;
  published: Generated<boolean>;
  created_at: CreatedAt;
}
export interface CourseProgressTable {
  user_id: string;
  course_id: string;
  position_seconds: Numeric;
  updated_at: Generated<Date>;
}

export interface OperatorsTable {
  address: string;
  role: string;
  added_by: string;
  created_at: CreatedAt;
  disabled_at: Date | null;
  person: string | null;
}
export interface OperatorSessionsTable {
  token_hash: Buffer;
  address: string;
  created_at: CreatedAt;
  last_seen_at: Generated<Date>;
  expires_at: Date;
  revoked_at: Date | null;
}

export interface MoneySettingsTable {
  id: Generated<boolean>;
  settings: unknown;
  version: number;
  updated_by: string;
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

export interface Database {
  proposals: ProposalsTable;
  unattributed_deposits: UnattributedDepositsTable;
  users: UsersTable;
  accounts: AccountsTable;
  login_nonces: LoginNoncesTable;
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
  operators: OperatorsTable;
  money_settings: MoneySettingsTable;
  operator_sessions: OperatorSessionsTable;
  miner_products: MinerProductsTable;
  miner_orders: MinerOrdersTable;
  miner_gift_grants: MinerGiftGrantsTable;
  images: ImagesTable;
  miners: MinersTable;
  miner_outputs: MinerOutputsTable;
  miner_output_days: MinerOutputDaysTable;
  miner_transfers: MinerTransfersTable;
  mtrade_orders: MtradeOrdersTable;
  c2c_orders: C2cOrdersTable;
  platform_settings: PlatformSettingsTable;
  team_paths: TeamPathsTable;
  team_stats: TeamStatsTable;
  team_daily: TeamDailyTable;
  addresses: AddressesTable;
  pickup_points: PickupPointsTable;
  pickup_inventory: PickupInventoryTable;
  validator_points: ValidatorPointsTable;
  shipping_requests: ShippingRequestsTable;
  feedback: FeedbackTable;
  home_scenes: HomeScenesTable;
  partners: PartnersTable;
  articles: ArticlesTable;
  ecology_items: EcologyItemsTable;
  courses: CoursesTable;
  course_progress: CourseProgressTable;
}

export interface PlatformSettingsTable {
  name: string;
  value: string;
  created_at: CreatedAt;
}

export type { Id };
