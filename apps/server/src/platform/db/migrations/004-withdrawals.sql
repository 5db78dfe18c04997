-- A withdrawal: amount and fee leave the user's balance when it is requested (ledger), and the
-- payout worker sends the amount from the hot wallet to the user's own address.
-- pending_review → queued → broadcast → completed; failed or rejected → refunded.
create table withdrawals (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id),
  asset text not null check (asset in ('USDT', 'WALLX')),
  amount numeric(38, 18) not null check (amount > 0),
  fee numeric(38, 18) not null check (fee >= 0),
  to_address text not null check (to_address ~ '^0x[0-9a-f]{40}$'),
  status text not null check (status in ('pending_review', 'queued', 'broadcast', 'completed', 'failed', 'refunded', 'rejected')),
  nonce bigint,
  tx_hash text,
  failure_reason text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index withdrawals_user_idx on withdrawals (user_id, id desc);
create index withdrawals_open_idx on withdrawals (status, id) where status in ('pending_review', 'queued', 'broadcast', 'failed');

-- Every transaction signed for a withdrawal, recorded before it is broadcast: after a crash the
-- worker sends the same signed bytes again (same hash) instead of paying twice; a stuck one is
-- replaced at the same nonce with a higher gas price.
create table withdrawal_transactions (
  tx_hash text primary key,
  withdrawal_id bigint not null references withdrawals (id),
  nonce bigint not null,
  gas_price numeric(78, 0) not null,
  raw_tx text not null,
  created_at timestamptz not null default now()
);
create index withdrawal_transactions_withdrawal_idx on withdrawal_transactions (withdrawal_id, created_at desc);

-- Every operator action, kept for audit.
create table operator_audit (
  id bigint generated always as identity primary key,
  operator text not null,
  action text not null,
  subject_type text not null,
  subject_id text not null,
  detail jsonb,
  created_at timestamptz not null default now()
);
