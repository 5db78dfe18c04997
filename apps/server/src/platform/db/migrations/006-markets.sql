-- C2C sell orders hold the seller's WALLX (amount and fee) in escrow until filled or cancelled.
insert into accounts (user_id, kind, asset) values (null, 'escrow', 'USDT'), (null, 'escrow', 'WALLX');

-- Machine trade: a seller lists one off miner for a price in USDT until it is bought, cancelled
-- or expires. fee is what the platform keeps of the price, fixed when the order is published.
create table mtrade_orders (
  id bigint generated always as identity primary key,
  seller_id bigint not null references users (id),
  miner_id bigint not null references miners (id),
  unit_price numeric(38, 18) not null check (unit_price > 0),
  fee numeric(38, 18) not null check (fee >= 0 and fee <= unit_price),
  expiry text not null check (expiry in ('4H', '6H', '12H', '1D', '3D', '7D', '14D', '1M')),
  expires_at timestamptz not null,
  status text not null default 'pending' check (status in ('pending', 'filled', 'cancelled')),
  buyer_id bigint references users (id),
  filled_at timestamptz,
  cancelled_at timestamptz,
  cancel_reason text check (cancel_reason in ('seller', 'expired')),
  created_at timestamptz not null default now(),
  check ((status = 'filled') = (buyer_id is not null and filled_at is not null)),
  check ((status = 'cancelled') = (cancelled_at is not null and cancel_reason is not null)),
  check (buyer_id is distinct from seller_id)
);
-- A miner is on the market at most once at a time.
create unique index mtrade_orders_pending_miner_idx on mtrade_orders (miner_id) where status = 'pending';
-- The market's four sorts, each read in index order: newest, expiring, price low-high and high-low.
create index mtrade_orders_newest_idx on mtrade_orders (id desc) where status = 'pending';
create index mtrade_orders_expiring_idx on mtrade_orders (expires_at, id) where status = 'pending';
create index mtrade_orders_price_idx on mtrade_orders (unit_price, id) where status = 'pending';
create index mtrade_orders_seller_idx on mtrade_orders (seller_id, id desc);
create index mtrade_orders_buyer_idx on mtrade_orders (buyer_id, id desc) where buyer_id is not null;

-- C2C: a seller offers an amount of WALLX at a unit price in USDT; a buyer takes the whole order.
-- total = amount × unit_price (USDT the buyer pays); fee (WALLX) goes to the platform when filled.
create table c2c_orders (
  id bigint generated always as identity primary key,
  seller_id bigint not null references users (id),
  amount numeric(38, 18) not null check (amount > 0),
  unit_price numeric(38, 18) not null check (unit_price > 0),
  total numeric(38, 18) not null check (total > 0),
  fee numeric(38, 18) not null check (fee >= 0),
  expiry text not null check (expiry in ('4H', '6H', '12H', '1D', '3D', '7D', '14D', '1M')),
  expires_at timestamptz not null,
  status text not null default 'pending' check (status in ('pending', 'filled', 'cancelled')),
  buyer_id bigint references users (id),
  filled_at timestamptz,
  cancelled_at timestamptz,
  cancel_reason text check (cancel_reason in ('seller', 'expired')),
  created_at timestamptz not null default now(),
  check ((status = 'filled') = (buyer_id is not null and filled_at is not null)),
  check ((status = 'cancelled') = (cancelled_at is not null and cancel_reason is not null)),
  check (buyer_id is distinct from seller_id)
);
-- One pending sell order per user ('You have unfinished order'), enforced by the database.
create unique index c2c_orders_pending_seller_idx on c2c_orders (seller_id) where status = 'pending';
create index c2c_orders_newest_idx on c2c_orders (id desc) where status = 'pending';
create index c2c_orders_expiring_idx on c2c_orders (expires_at, id) where status = 'pending';
create index c2c_orders_price_idx on c2c_orders (unit_price, id) where status = 'pending';
create index c2c_orders_seller_idx on c2c_orders (seller_id, id desc);
create index c2c_orders_buyer_idx on c2c_orders (buyer_id, id desc) where buyer_id is not null;
