-- Platform accounts: ordinary accounts without an owner. Their balance is the sum of their entries
-- (the balance column stays 0), so no transaction ever updates a shared hot row.
insert into accounts (user_id, kind, asset)
select null, kind, asset
from (values ('deposits'), ('withdrawals'), ('fees'), ('mining_issuance'), ('sales')) as k (kind)
cross join (values ('USDT'), ('WALLX')) as a (asset);
create unique index accounts_platform_kind_asset_idx on accounts (kind, asset) where user_id is null;

-- Immutable entries. A ledger transaction is the pair of entries sharing a transaction_id: one
-- negative on the debited account, one positive of the same size on the credited one. type is the
-- fund-record type as the account's owner sees it (transfer_out on one side, transfer_in on the
-- other); ref names the cause (an order, a deposit…; none for a plain transfer, which is the
-- transaction itself). balance_after is kept for user accounts only.
create sequence ledger_transaction_seq;
create table ledger_entries (
  id bigint generated always as identity primary key,
  transaction_id bigint not null,
  -- No foreign key: the key check would take a KEY SHARE lock on the account row, and every posting
  -- against a platform account (deposits, fees…) would queue on that one row. Account ids come from
  -- the rows the posting itself locked or from the platform account table; accounts are never
  -- deleted; ledger:check reports any entry whose account does not exist.
  account_id bigint not null,
  -- The other side of the pair: who a transfer came from or went to, without a self-join.
  counterpart_account_id bigint not null,
  type text not null,
  amount numeric(38, 18) not null check (amount <> 0),
  balance_after numeric(38, 18),
  ref_type text,
  ref_id text,
  created_at timestamptz not null default now()
);
create index ledger_entries_account_idx on ledger_entries (account_id, id desc);

create or replace function ledger_entries_immutable() returns trigger language plpgsql as $$
begin
  raise exception 'ledger entries are immutable';
end $$;
create trigger ledger_entries_no_update before update or delete or truncate on ledger_entries
  for each statement execute function ledger_entries_immutable();

-- Raised inside a posting statement, so the statement (and whatever it already changed) fails as
-- a whole even outside an explicit transaction: WX001 a debit not covered, WX002 a missing account.
create or replace function ledger_fail(code text, message text) returns boolean language plpgsql as $$
begin
  raise exception '%', message using errcode = code;
end $$;

-- A retried money-moving request with the same key answers the first result and moves nothing.
create table idempotency_keys (
  user_id bigint not null references users (id),
  key text not null,
  request_hash text not null,
  response jsonb,
  created_at timestamptz not null default now(),
  primary key (user_id, key)
);

-- Fund password (Argon2id) and its lock after repeated wrong tries.
alter table users
  add column fund_password_hash text,
  add column fund_password_failures int not null default 0,
  add column fund_password_locked_until timestamptz;
