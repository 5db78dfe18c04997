import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Timestamp, Numeric } from './columns.js';

// Shipping (addresses, requests, pick-up points, validators), feedback and content.

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
