-- Whether the hot wallet's signer signs (issue 34). The instance holding the payout lease writes it
-- when a signing fails and clears it at the next that succeeds; every instance reads it, so the
-- console and the metrics name why payouts wait (signer_unavailable) whichever instance answers.
-- One row per chain; no row: nothing has failed.
create table hot_wallet_signer (
  chain_id bigint primary key,
  failing_since timestamptz,
  last_error text,
  updated_at timestamptz not null default now()
);
