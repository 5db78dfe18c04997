-- Where the platform's tokens are (issue 33): at users' deposit addresses until swept, in the hot
-- wallet, in cold storage, or in flight between them. These moves are custody, not ownership: they
-- never post to the ledger (what users own does not change when tokens move between our addresses).
-- Unswept = credited deposits to an address − what confirmed sweeps moved from it − what a sweep in
-- flight is moving; cold and hot are read from the chain (an operator moves cold → hot by hand).

-- A sweepMany of one token over several deposit addresses, paid for by the hot wallet. Recorded with
-- its signed bytes before it is broadcast, so a crash between the two sends the same transaction
-- again (same hash, same nonce) and never a second one. sent → confirmed | reverted | dropped: a
-- reverted sweep moved nothing (its addresses are swept again by a later one); a dropped one never
-- made it on chain (its nonce was spent by another transaction, confirmed).
create table sweeps (
  id bigint generated always as identity primary key,
  asset text not null check (asset in ('USDT', 'WALLX')),
  status text not null check (status in ('sent', 'confirmed', 'reverted', 'dropped')),
  nonce bigint not null,
  tx_hash text not null unique check (tx_hash ~ '^0x[0-9a-f]{64}$'),
  raw_tx text not null,
  gas_price numeric(78, 0) not null,
  -- Once settled: gas used × effective gas price, in wei of BNB.
  gas_used numeric(78, 0),
  gas_cost numeric(78, 0),
  -- What the hot wallet received (its Transfer events in the receipt): less than what left the
  -- addresses for a fee-on-transfer token.
  amount_received numeric(38, 18),
  deployed_count int,
  block_number bigint,
  created_at timestamptz not null default now(),
  settled_at timestamptz
);
create index sweeps_open_idx on sweeps (asset, id) where status = 'sent';

-- The addresses one sweep covers: `expected` is the address's balance read when the sweep was
-- signed (what is in flight), `swept` what left it (its Swept event) once confirmed.
create table sweep_addresses (
  sweep_id bigint not null references sweeps (id),
  address text not null references deposit_addresses (address),
  expected numeric(38, 18) not null check (expected > 0),
  swept numeric(38, 18),
  deployed boolean,
  primary key (sweep_id, address)
);
create index sweep_addresses_address_idx on sweep_addresses (address);

-- Hot → cold: the excess above the high-water mark, down to the target. Same crash rule as sweeps.
create table cold_transfers (
  id bigint generated always as identity primary key,
  asset text not null check (asset in ('USDT', 'WALLX')),
  status text not null check (status in ('sent', 'confirmed', 'reverted', 'dropped')),
  amount numeric(38, 18) not null check (amount > 0),
  to_address text not null check (to_address ~ '^0x[0-9a-f]{40}$'),
  nonce bigint not null,
  tx_hash text not null unique check (tx_hash ~ '^0x[0-9a-f]{64}$'),
  raw_tx text not null,
  gas_price numeric(78, 0) not null,
  gas_used numeric(78, 0),
  gas_cost numeric(78, 0),
  block_number bigint,
  created_at timestamptz not null default now(),
  settled_at timestamptz
);
create index cold_transfers_open_idx on cold_transfers (asset, id) where status = 'sent';

-- What reached users' own addresses, per address: the sweep job's and the console's unswept sums.
create index deposits_to_address_idx on deposits (to_address, asset) where to_address is not null;
