-- The miner catalog, kept by operators. name holds 'lang:::text' lines (spec §3); image is a URL or a
-- path relative to the API host. A price left null means the product cannot be paid in that asset.
create table miner_products (
  id bigint generated always as identity primary key,
  name text not null check (length(name) between 1 and 2000),
  image text not null default '',
  category text not null check (category in ('node', 'machine')),
  price_usdt numeric(38, 18) check (price_usdt > 0),
  price_wallx numeric(38, 18) check (price_wallx > 0),
  daily_output numeric(38, 18) not null check (daily_output >= 0),
  output_days int not null check (output_days > 0),
  stock int not null check (stock >= 0),
  -- Units one account may buy in its lifetime; null: no limit.
  per_user_limit int check (per_user_limit > 0),
  physical boolean not null default false,
  -- Promotional gifts are granted by operators, never sold.
  gift boolean not null default false,
  on_sale boolean not null default true,
  sort int not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (gift or price_usdt is not null or price_wallx is not null)
);
create index miner_products_listing_idx on miner_products (category, sort, id) where on_sale;

-- A purchase order: one per unit bought (or granted), "unused" until the user places it in the mine.
-- price and pay_asset are what was paid for this unit (null for a gift grant).
create table miner_orders (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id),
  product_id bigint not null references miner_products (id),
  -- The purchase this unit came with: one ledger transaction per purchase, referenced by every unit.
  purchase_id uuid not null,
  pay_asset text check (pay_asset in ('USDT', 'WALLX')),
  price numeric(38, 18),
  gift boolean not null default false,
  status text not null default 'unused' check (status in ('unused', 'used')),
  created_at timestamptz not null default now(),
  used_at timestamptz
);
create index miner_orders_user_idx on miner_orders (user_id, status, id desc);
create index miner_orders_user_product_idx on miner_orders (user_id, product_id);

-- Human-readable machine numbers: 'WX' and eight digits, from one sequence, unique for ever.
create sequence miner_number_seq;

-- A miner in someone's mine. Output terms are copied from the product when the order is used, so an
-- operator editing the catalog never changes what a miner already owned produces.
-- state: off → on → expired; off ↔ selling (machine market).
-- first_output_day/last_output_day: the days (in the output time zone) it produces, set when turned on.
create table miners (
  id bigint generated always as identity primary key,
  machine_no text not null unique,
  user_id bigint not null references users (id),
  product_id bigint not null references miner_products (id),
  order_id bigint not null unique references miner_orders (id),
  gift boolean not null,
  daily_output numeric(38, 18) not null,
  output_days int not null,
  state text not null default 'off' check (state in ('off', 'on', 'selling', 'expired')),
  activated_at timestamptz,
  first_output_day date,
  last_output_day date,
  created_at timestamptz not null default now(),
  check ((state in ('on', 'expired')) = (activated_at is not null)),
  check (activated_at is null or (first_output_day is not null and last_output_day >= first_output_day))
);
create index miners_user_idx on miners (user_id, id desc);
-- The daily job's scan: on miners only, in id batches.
create index miners_on_idx on miners (id) include (user_id, daily_output, first_output_day, last_output_day) where state = 'on';
-- The job's expiry pass: on miners by their last output day.
create index miners_expiry_idx on miners (last_output_day) where state = 'on';

-- One output record per (miner, day): the unique key is what makes the daily job idempotent.
-- No foreign keys: the daily job writes a million rows at once from miners rows (never deleted), and
-- a key check per row would double its time. user_id is the miner's owner on that day: output
-- produced before a miner changes hands stays with the one who owned it.
-- collection_id: the ledger reference of the collection that credited it.
create table miner_outputs (
  id bigint generated always as identity primary key,
  miner_id bigint not null,
  user_id bigint not null,
  day date not null,
  amount numeric(38, 18) not null,
  status text not null default 'to_collect' check (status in ('to_collect', 'collected')),
  created_at timestamptz not null default now(),
  collected_at timestamptz,
  collection_id uuid,
  unique (miner_id, day),
  check ((status = 'collected') = (collected_at is not null and collection_id is not null))
);
create index miner_outputs_user_idx on miner_outputs (user_id, status, id desc);

-- Every change of hands of a miner outside the market: who gave it to whom, when.
create table miner_transfers (
  id bigint generated always as identity primary key,
  miner_id bigint not null references miners (id),
  from_user_id bigint not null references users (id),
  to_user_id bigint not null references users (id),
  created_at timestamptz not null default now(),
  check (from_user_id <> to_user_id)
);
create index miner_transfers_miner_idx on miner_transfers (miner_id);

-- Days the daily output job has finished: the next run catches up from the last one.
create table miner_output_days (
  day date primary key,
  outputs int not null,
  expired int not null,
  finished_at timestamptz not null default now()
);
