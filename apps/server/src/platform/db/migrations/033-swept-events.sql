-- Every sweep of a user's deposit address as the chain shows it (issue 44): anyone may call the
-- factory's sweep (decision 93), so what left an address is read from the factory's Swept events,
-- not only from the sweeps this server sent. One row per event, once: (tx hash, log index) is the key,
-- so reading a range again (a restart, two readers) records nothing twice. `sweep_id` names our own
-- sweep when the event is one of its transactions; those are counted by `sweep_addresses` as before,
-- and the rows with no sweep (swept by someone else) are what the books subtract besides.
create table swept_events (
  tx_hash text not null check (tx_hash ~ '^0x[0-9a-f]{64}$'),
  log_index int not null check (log_index >= 0),
  block_number bigint not null,
  block_hash text not null check (block_hash ~ '^0x[0-9a-f]{64}$'),
  address text not null references deposit_addresses (address),
  asset text not null check (asset in ('USDT', 'WALLX')),
  -- What the clone sent (the event's amount): what left the address.
  amount numeric(38, 18) not null check (amount > 0),
  deployed boolean not null,
  sweep_id bigint references sweeps (id),
  recorded_at timestamptz not null default now(),
  primary key (tx_hash, log_index)
);
-- The books' per-address sums of others' sweeps.
create index swept_events_others_idx on swept_events (address, asset) where sweep_id is null;
