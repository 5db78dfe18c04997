-- A credited deposit: one Transfer log of a supported token to the deposit address, from a
-- registered user, confirmed. (tx_hash, log_index) is unique, so a log is credited once however it
-- was found — reported by the app or read by the scanner.
create table deposits (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id),
  asset text not null check (asset in ('USDT', 'WALLX')),
  tx_hash text not null check (tx_hash ~ '^0x[0-9a-f]{64}$'),
  log_index int not null,
  from_address text not null,
  amount numeric(38, 18) not null check (amount > 0),
  block_number bigint not null,
  block_hash text not null,
  credited_at timestamptz not null default now(),
  unique (tx_hash, log_index)
);
create index deposits_user_idx on deposits (user_id, id desc);

-- What a user reported from the app, with the last thing the chain said about it.
create table deposit_reports (
  user_id bigint not null references users (id),
  tx_hash text not null check (tx_hash ~ '^0x[0-9a-f]{64}$'),
  asset text not null check (asset in ('USDT', 'WALLX')),
  status text not null check (status in ('pending', 'confirming', 'credited', 'failed', 'invalid')),
  confirmations int not null default 0,
  reason text,
  reported_at timestamptz not null default now(),
  checked_at timestamptz not null default now(),
  primary key (user_id, tx_hash)
);

-- How far each chain reader has read, per chain and deposit address.
create table chain_cursors (
  name text primary key,
  block_number bigint not null,
  updated_at timestamptz not null default now()
);

-- Leases for jobs that must run on one instance at a time (scanner, payout worker, sweepers).
create table job_leases (
  name text primary key,
  holder text not null,
  expires_at timestamptz not null
);
