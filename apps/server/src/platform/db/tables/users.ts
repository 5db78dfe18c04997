import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Timestamp } from './columns.js';

// Users, their sessions and teams; operators, their sessions and their audit trail.

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

export interface OperatorsTable {
  address: string;
  role: string;
  added_by: string;
  created_at: CreatedAt;
  disabled_at: Date | null;
  person: string | null;
  approved_by: string | null;
}

/** Who gave an operator their access (migration 032): append-only. */
export interface OperatorGrantsTable {
  id: Generated<string>;
  operator: string;
  granted_by: string;
  action: 'add' | 'role' | 'enable';
  proposal_id: string | null;
  created_at: CreatedAt;
}

export interface OperatorSessionsTable {
  token_hash: Buffer;
  address: string;
  created_at: CreatedAt;
  last_seen_at: Generated<Date>;
  expires_at: Date;
  revoked_at: Date | null;
}

export interface OperatorAuditTable {
  id: Generated<string>;
  operator: string;
  action: string;
  subject_type: string;
  subject_id: string;
  detail: ColumnType<unknown, string | undefined, string>;
  /** The request that wrote it (migration 046); null before, or outside a request. */
  request_id: Generated<string | null>;
  created_at: CreatedAt;
}
