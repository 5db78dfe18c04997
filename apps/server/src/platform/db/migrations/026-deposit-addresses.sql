-- Each user's own deposit address (decision 92): computed from the deposit factory and the user's id
-- (CREATE2), kept here from the first time it is handed out so that the scanner finds the users of a
-- block range's transfers in one indexed lookup. No private key exists for any of them. A new factory
-- gives a user a new address; the old one keeps crediting them.
create table deposit_addresses (
  address text primary key check (address ~ '^0x[0-9a-f]{40}$'),
  user_id bigint not null references users (id),
  factory text not null check (factory ~ '^0x[0-9a-f]{40}$'),
  created_at timestamptz not null default now(),
  unique (user_id, factory)
);

-- Where a credited transfer went: the user's own address, or null for the shared deposit address
-- (every deposit before this migration). Sweeps move what reached a user's own address.
alter table deposits add column to_address text check (to_address ~ '^0x[0-9a-f]{40}$');
