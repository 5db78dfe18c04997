-- The fees and limits operators keep (issue 16): one row, absent until an operator first saves.
-- Until then the deployment's configuration applies; from then on this row does (decision 58).
-- `version` grows by one with each change, so two operators editing at once cannot overwrite each
-- other unseen.
create table money_settings (
  id boolean primary key default true check (id),
  settings jsonb not null,
  version int not null,
  updated_by text not null,
  updated_at timestamptz not null default now()
);

-- The daily report reads the ledger by time. Entries are written in time order, so a BRIN index
-- (a few pages for millions of rows) finds a day's blocks without a B-tree on the largest table.
create index ledger_entries_created_brin on ledger_entries using brin (created_at);

-- The console lists withdrawals by state and deposits newest first, filtered by asset.
create index withdrawals_status_idx on withdrawals (status, id desc);
create index deposits_asset_idx on deposits (asset, id desc);
create index deposit_reports_status_idx on deposit_reports (status, reported_at desc);
create index deposit_reports_reported_idx on deposit_reports (reported_at desc, user_id, tx_hash);
