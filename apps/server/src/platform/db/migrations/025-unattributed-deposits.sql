-- Transfers to the deposit address the scanner could not credit: the sender is no user (an exchange's
-- hot wallet, a contract). Each (tx hash, log index) once. One is credited when a deposit row takes
-- its (tx hash, log index), which can happen once only (deposits' unique key): by an operator's
-- approved proposal, or by the sender's own report after registering (decision 81).
create table unattributed_deposits (
  id bigint generated always as identity primary key,
  asset text not null check (asset in ('USDT', 'WALLX')),
  tx_hash text not null check (tx_hash ~ '^0x[0-9a-f]{64}$'),
  log_index int not null,
  from_address text not null,
  amount numeric(38, 18) not null check (amount > 0),
  block_number bigint not null,
  block_hash text not null,
  found_at timestamptz not null default now(),
  unique (tx_hash, log_index)
);

-- A proposal may carry what its decision needs beyond its subject (the user a deposit is credited to).
alter table proposals add column detail jsonb not null default '{}';
alter table proposals drop constraint proposals_kind_check;
alter table proposals add constraint proposals_kind_check check (kind in ('withdrawal.approve', 'withdrawal.reject', 'deposit.credit'));
