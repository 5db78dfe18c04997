-- The catalog edited from the console (issue 16).

-- An operator's edit names the version it was made from: two operators editing one product cannot
-- silently overwrite each other. Purchases take stock without touching it (stock is adjusted, not set).
alter table miner_products add column version int not null default 1;

-- What a unit produces is fixed when it is bought or granted: a miner placed later copies its terms
-- from its order, never from the product as an operator has since edited it.
alter table miner_orders add column daily_output numeric(38, 18);
alter table miner_orders add column output_days int;
update miner_orders o set daily_output = p.daily_output, output_days = p.output_days from miner_products p where p.id = o.product_id;
alter table miner_orders alter column daily_output set not null;
alter table miner_orders alter column output_days set not null;
alter table miner_orders add check (daily_output >= 0 and output_days > 0);
-- The console counts each product's units out; a grant lists the orders of its purchase.
create index miner_orders_product_idx on miner_orders (product_id);
create index miner_orders_purchase_idx on miner_orders (purchase_id);

-- Uploaded images, kept in the database so every server instance serves them; keyed by the SHA-256
-- of their bytes, so one file uploaded twice is stored once and its URL never changes meaning.
create table images (
  sha256 text primary key check (sha256 ~ '^[0-9a-f]{64}$'),
  content_type text not null check (content_type in ('image/png', 'image/jpeg', 'image/webp')),
  bytes bytea not null,
  size int not null check (size > 0),
  created_at timestamptz not null default now()
);

-- Gift grants: an operator gives a user units of a gift product (unused orders, paid by no one).
-- The orders of a grant carry its purchase_id. idempotency_key: a retried grant is given once.
create table miner_gift_grants (
  id bigint generated always as identity primary key,
  purchase_id uuid not null unique,
  idempotency_key text unique check (length(idempotency_key) between 1 and 200),
  user_id bigint not null references users (id),
  product_id bigint not null references miner_products (id),
  quantity int not null check (quantity between 1 and 10),
  reason text not null check (length(reason) between 1 and 500),
  operator text not null,
  created_at timestamptz not null default now()
);
create index miner_gift_grants_user_idx on miner_gift_grants (user_id, id desc);
