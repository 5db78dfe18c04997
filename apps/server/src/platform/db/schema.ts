import type {
  UsersTable,
  AccountsTable,
  LoginNoncesTable,
  SessionsTable,
  RefreshTokensTable,
  TeamPathsTable,
  TeamStatsTable,
  TeamDailyTable,
  OperatorsTable,
  OperatorSessionsTable,
  OperatorAuditTable,
  OperatorGrantsTable,
} from './tables/users.js';
import type {
  LedgerEntriesTable,
  PlatformBalancesTable,
  IdempotencyKeysTable,
  DepositsTable,
  DepositAddressesTable,
  UnattributedDepositsTable,
  DepositReportsTable,
  DepositSightingsTable,
  ChainCursorsTable,
  JobLeasesTable,
  WithdrawalsTable,
  WithdrawalTransactionsTable,
  SweepsTable,
  SweepAddressesTable,
  SweptEventsTable,
  ColdTransfersTable,
  MoneySettingsTable,
  ProposalsTable,
  PlatformSettingsTable,
} from './tables/money.js';
import type {
  MinerProductsTable,
  MinerOrdersTable,
  ImagesTable,
  MinerGiftGrantsTable,
  MinersTable,
  MinerOutputsTable,
  MinerOutputDaysTable,
  MinerTransfersTable,
  MtradeOrdersTable,
  C2cOrdersTable,
} from './tables/miners.js';
import type {
  AddressesTable,
  PickupPointsTable,
  PickupInventoryTable,
  ValidatorPointsTable,
  ShippingRequestsTable,
  FeedbackTable,
  HomeScenesTable,
  PartnersTable,
  ArticlesTable,
  EcologyItemsTable,
  CoursesTable,
  CourseProgressTable,
} from './tables/content.js';

import type { UserEventSeqsTable, UserEventsTable } from './tables/events.js';
import type {
  RewardsBudgetTable,
  CheckinsTable,
  CheckinSettingsTable,
  SupportLinesTable,
  LeaderboardProfilesTable,
  LeaderboardEntriesTable,
  LeaderboardWeeksTable,
  LeaderboardPrizesTable,
} from './tables/wellbeing.js';
import type {
  StakesTable,
  StakingBoostsTable,
  StakingDaysTable,
  StakingDistributionsTable,
  StakingSettingsTable,
} from './tables/staking.js';
import type { AidDonationsTable, AidGrantsTable, AidPartnersTable } from './tables/aid-fund.js';

/** Kysely's view of the database: one table type per table, as the migrations (migrations/*.sql) create them. */
export interface Database {
  proposals: ProposalsTable;
  unattributed_deposits: UnattributedDepositsTable;
  users: UsersTable;
  accounts: AccountsTable;
  login_nonces: LoginNoncesTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  ledger_entries: LedgerEntriesTable;
  platform_balances: PlatformBalancesTable;
  idempotency_keys: IdempotencyKeysTable;
  deposits: DepositsTable;
  deposit_addresses: DepositAddressesTable;
  deposit_reports: DepositReportsTable;
  deposit_sightings: DepositSightingsTable;
  chain_cursors: ChainCursorsTable;
  job_leases: JobLeasesTable;
  withdrawals: WithdrawalsTable;
  withdrawal_transactions: WithdrawalTransactionsTable;
  sweeps: SweepsTable;
  sweep_addresses: SweepAddressesTable;
  swept_events: SweptEventsTable;
  cold_transfers: ColdTransfersTable;
  operator_audit: OperatorAuditTable;
  operator_grants: OperatorGrantsTable;
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
  user_event_seqs: UserEventSeqsTable;
  user_events: UserEventsTable;
  rewards_budget: RewardsBudgetTable;
  checkins: CheckinsTable;
  checkin_settings: CheckinSettingsTable;
  support_lines: SupportLinesTable;
  leaderboard_profiles: LeaderboardProfilesTable;
  leaderboard_entries: LeaderboardEntriesTable;
  leaderboard_weeks: LeaderboardWeeksTable;
  leaderboard_prizes: LeaderboardPrizesTable;
  stakes: StakesTable;
  staking_days: StakingDaysTable;
  staking_boosts: StakingBoostsTable;
  staking_distributions: StakingDistributionsTable;
  staking_settings: StakingSettingsTable;
  aid_partners: AidPartnersTable;
  aid_donations: AidDonationsTable;
  aid_grants: AidGrantsTable;
}
