-- Delivery addresses. A user's region is that of the default address: at most one per user.
create table addresses (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id),
  country text not null check (country ~ '^[A-Z]{2}$'),
  province text not null check (length(province) between 1 and 16),
  recipient text not null check (length(recipient) between 1 and 64),
  phone text not null check (phone ~ '^\+[1-9][0-9]{5,16}$'),
  postcode text not null check (length(postcode) between 1 and 16),
  detail text not null check (length(detail) between 1 and 200),
  is_default boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index addresses_user_idx on addresses (user_id, id desc);
create unique index addresses_default_idx on addresses (user_id) where is_default;

-- When pick-up of a physical product opens; null: not scheduled yet.
alter table miner_products add column pickup_from timestamptz;

-- A physical unit, once requested, stays with its owner: the order or miner can no longer change
-- hands (its miner still mines).
alter table miner_orders add column claimed boolean not null default false;
alter table miners add column claimed boolean not null default false;

-- Pick-up points, kept by operators; name and address are 'lang:::text' lines like product names.
create table pickup_points (
  id bigint generated always as identity primary key,
  name text not null check (length(name) between 1 and 2000),
  country text not null check (country ~ '^[A-Z]{2}$'),
  province text not null,
  address text not null check (length(address) between 1 and 2000),
  hours text not null default '' check (length(hours) <= 200),
  active boolean not null default true,
  created_at timestamptz not null default now()
);
create index pickup_points_region_idx on pickup_points (country, province) where active;

-- Units of a product a point can hand over; a write-off takes one, never below zero.
create table pickup_inventory (
  point_id bigint not null references pickup_points (id),
  product_id bigint not null references miner_products (id),
  quantity int not null check (quantity >= 0),
  primary key (point_id, product_id)
);

-- Which validators may write off at which points (users.is_validator says they are one).
create table validator_points (
  user_id bigint not null references users (id),
  point_id bigint not null references pickup_points (id),
  created_at timestamptz not null default now(),
  primary key (user_id, point_id)
);
create index validator_points_point_idx on validator_points (point_id);

-- A request for the physical unit: delivery (to_ship → shipped) or pick-up (pending → written_off).
-- One per account for life: the unique user_id is the rule, not a check before the insert.
create table shipping_requests (
  id bigint generated always as identity primary key,
  user_id bigint not null unique references users (id),
  kind text not null check (kind in ('delivery', 'pickup')),
  status text not null check (status in ('to_ship', 'shipped', 'pending', 'written_off')),
  product_id bigint not null references miner_products (id),
  order_id bigint references miner_orders (id),
  miner_id bigint references miners (id),
  -- Delivery: the address as it was when requested (the user may edit or delete it later).
  address jsonb,
  carrier text,
  tracking_no text,
  shipped_at timestamptz,
  -- Pick-up: the point, the one-time code, and who wrote it off.
  point_id bigint references pickup_points (id),
  code text unique,
  written_off_by bigint references users (id),
  written_off_at timestamptz,
  created_at timestamptz not null default now(),
  check ((order_id is null) <> (miner_id is null)),
  check (kind = 'delivery' and status in ('to_ship', 'shipped') and address is not null and point_id is null and code is null
      or kind = 'pickup' and status in ('pending', 'written_off') and point_id is not null and code is not null and address is null),
  check ((status = 'shipped') = (shipped_at is not null and carrier is not null and tracking_no is not null)),
  check ((status = 'written_off') = (written_off_at is not null and written_off_by is not null))
);
create index shipping_requests_open_idx on shipping_requests (kind, status, id desc);
create index shipping_requests_writeoffs_idx on shipping_requests (written_off_by, id desc) where written_off_by is not null;
