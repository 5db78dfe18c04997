import type { Generated } from 'kysely';
import type { CreatedAt, Timestamp, Numeric, Day } from './columns.js';

// The catalog, orders, miners and their outputs, and the two markets.

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

export type Expiry = '4H' | '6H' | '12H' | '1D' | '3D' | '7D' | '14D' | '1M';

export type MarketOrderColumns = {
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
