-- A deposit seen on chain before it has its confirmations (issue 45, decision 126): each scanner pass
-- also reads the blocks past the confirmed head, and a Transfer of a supported token to a user's own
-- deposit address (or to the shared address from a registered user) is recorded here at its first
-- sighting, with its amount, its block and how many confirmations it has. The user's deposit list and
-- event stream show it at once, counting up. It credits nothing: the credit is still the scanner's
-- pass over confirmed blocks (deposits, once per (tx hash, log index)), after which the sighting goes.
-- A sighting whose block was reorganised away (its log is gone from a range read again) is removed.
create table deposit_sightings (
  tx_hash text not null check (tx_hash ~ '^0x[0-9a-f]{64}$'),
  log_index int not null check (log_index >= 0),
  user_id bigint not null references users (id),
  asset text not null check (asset in ('USDT', 'WALLX')),
  from_address text not null,
  amount numeric(38, 18) not null check (amount > 0),
  block_number bigint not null,
  block_hash text not null check (block_hash ~ '^0x[0-9a-f]{64}$'),
  confirmations int not null check (confirmations >= 0),
  seen_at timestamptz not null default now(),
  primary key (tx_hash, log_index)
);
create index deposit_sightings_user_idx on deposit_sightings (user_id, tx_hash);
create index deposit_sightings_block_idx on deposit_sightings (block_number);

-- What a reported deposit moves, known from its receipt while it confirms (before: only once credited).
alter table deposit_reports add column amount numeric(38, 18);
