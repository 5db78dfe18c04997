-- Entries found by what caused them: the payout worker pays only a withdrawal whose debit exists,
-- and ledger:check compares every withdrawal with its entries.
create index ledger_entries_ref_idx on ledger_entries (ref_type, ref_id) where ref_type is not null;

-- Why a withdrawal waits for an operator: 'amount' (one request above the threshold), 'daily_total'
-- (the user's last 24 hours above it), 'hourly_cap' (the platform's outflow this hour), 'nonce'
-- (a payout whose nonce another transaction may have spent, held instead of paid again).
alter table withdrawals add column review_reason text;
-- The chain head when the payout's nonce was taken: the nonce cannot have been spent before it.
alter table withdrawals add column broadcast_block bigint;
-- 'held': a broadcast payout the worker could not prove unpaid; the user sees it as processing.
alter table withdrawals drop constraint withdrawals_status_check;
alter table withdrawals add constraint withdrawals_status_check
  check (status in ('pending_review', 'queued', 'broadcast', 'held', 'completed', 'failed', 'refunded', 'rejected'));
drop index withdrawals_open_idx;
create index withdrawals_open_idx on withdrawals (status, id) where status in ('pending_review', 'queued', 'broadcast', 'held', 'failed');
-- Rolling windows of the withdrawal limits: a user's last 24 hours, the platform's last hour.
create index withdrawals_user_recent_idx on withdrawals (user_id, asset, created_at);
create index withdrawals_asset_recent_idx on withdrawals (asset, created_at);

-- Facts a database is created with and must keep, such as the chain id its deposits came from.
create table platform_settings (
  name text primary key,
  value text not null,
  created_at timestamptz not null default now()
);
