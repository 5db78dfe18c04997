import type { Generated } from 'kysely';
import type { CreatedAt, Numeric, Timestamp } from './columns.js';

// The aid fund (migration 041, issue 48, decision 147).

export interface AidPartnersTable {
  id: Generated<string>;
  name: string;
  address: string;
  website: string | null;
  active: Generated<boolean>;
  created_by: string;
  updated_by: string;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}

export interface AidDonationsTable {
  id: Generated<string>;
  user_id: string;
  asset: 'USDT' | 'WALLX';
  amount: Numeric;
  shown: Generated<boolean>;
  transaction_id: string;
  created_at: CreatedAt;
}

export type AidGrantStatus = 'queued' | 'sending' | 'paid' | 'failed';

export interface AidGrantsTable {
  id: string;
  partner_id: string;
  asset: 'USDT' | 'WALLX';
  amount: Numeric;
  to_address: string;
  proposal_id: string;
  status: Generated<AidGrantStatus>;
  tx_hash: string | null;
  proposed_by: string;
  approved_by: string;
  proposed_at: Timestamp;
  approved_at: CreatedAt;
  paid_at: Timestamp | null;
}
