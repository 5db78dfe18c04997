-- A sweep or cold transfer not mined for a while (the gas price rose, the node dropped it) is signed
-- again at the same nonce with a higher gas price, as stuck payouts are. Until one is mined any of
-- them may be, so every hash signed for the move is kept: `tx_hash` is the latest signed (and, once
-- settled, the one mined), `replaced_tx_hashes` the others; `signed_at` is when the latest was signed.
alter table sweeps add column replaced_tx_hashes text[] not null default '{}';
alter table sweeps add column signed_at timestamptz not null default now();
alter table cold_transfers add column replaced_tx_hashes text[] not null default '{}';
alter table cold_transfers add column signed_at timestamptz not null default now();
