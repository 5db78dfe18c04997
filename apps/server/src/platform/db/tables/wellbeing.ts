import type { Generated } from 'kysely';
import type { CreatedAt, Day, Numeric, Timestamp } from './columns.js';

// The well-being ecosystem (migration 037): check-ins, the rewards budget, the weekly board.

export interface RewardsBudgetTable {
  asset: 'WALLX';
  balance: Numeric;
  updated_at: Generated<Date>;
}

export interface CheckinsTable {
  user_id: string;
  day: Day;
  mood: number;
  feelings: string[];
  note: string | null;
  streak: number;
  reward: string | null;
  bonus: string | null;
  no_reward_reason: 'not_eligible' | 'budget_empty' | 'rewards_off' | null;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}

export interface CheckinSettingsTable {
  id: Generated<boolean>;
  settings: unknown;
  version: number;
  updated_by: string;
  approved_by: string | null;
  updated_at: Generated<Date>;
}

export interface SupportLinesTable {
  country: string;
  name: string;
  phone: string | null;
  url: string | null;
  updated_by: string | null;
  updated_at: Generated<Date>;
}

export interface LeaderboardProfilesTable {
  user_id: string;
  nickname: string | null;
  on_board: Generated<boolean>;
  hidden_at: Timestamp | null;
  hidden_by: string | null;
  hidden_reason: string | null;
  updated_at: Generated<Date>;
}

export interface LeaderboardEntriesTable {
  week: Day;
  user_id: string;
  days: number;
  streak: number;
  reached_at: Timestamp;
}

export interface LeaderboardWeeksTable {
  week: Day;
  closed_at: CreatedAt;
  paid_total: Numeric;
}

export interface LeaderboardPrizesTable {
  week: Day;
  rank: number;
  user_id: string;
  amount: string;
  transaction_id: string | null;
  skip_reason: 'not_eligible' | 'budget_empty' | null;
}
