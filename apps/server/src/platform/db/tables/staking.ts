import type { Generated } from 'kysely';
import type { CreatedAt, Day, Numeric, Timestamp } from './columns.js';

// The emotion staking pool (migration 038, issue 48).

export type StakeTerm = 'flexible' | 'd30' | 'd90' | 'd180';
export type StakeStatus = 'active' | 'withdrawn' | 'returned';

export interface StakesTable {
  id: Generated<string>;
  user_id: string;
  amount: Numeric;
  term: StakeTerm;
  started_at: CreatedAt;
  ends_at: Timestamp | null;
  status: Generated<StakeStatus>;
  closed_at: Timestamp | null;
  earned_wallx: Generated<Numeric>;
  earned_usdt: Generated<Numeric>;
  last_day: Day | null;
  last_wallx: Generated<Numeric>;
  last_usdt: Generated<Numeric>;
}

export interface StakingDaysTable {
  day: Day;
  distributed_at: CreatedAt;
  // What the day's parts are derived from (migration 042); null on days distributed before it.
  starts_at: Timestamp | null;
  ends_at: Timestamp | null;
  weight_flexible: Numeric | null;
  weight_d30: Numeric | null;
  weight_d90: Numeric | null;
  weight_d180: Numeric | null;
  checkin_boost: Numeric | null;
  total_weight: Numeric | null;
  shared_wallx: Numeric | null;
  shared_usdt: Numeric | null;
}

export interface StakingBoostsTable {
  day: Day;
  user_id: string;
}

export interface StakingDistributionsTable {
  day: Day;
  asset: 'USDT' | 'WALLX';
  proceeds: Numeric;
  aid: Numeric;
  paid: Numeric;
  kept: Numeric;
  stakes: number;
  users: number;
  total_weight: Numeric;
}

export interface StakingSettingsTable {
  id: Generated<boolean>;
  settings: unknown;
  version: number;
  updated_by: string;
  approved_by: string | null;
  updated_at: Generated<Date>;
}
