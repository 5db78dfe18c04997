-- A reported hash the node has no receipt for is checked again with a back-off (decision 124): how
-- many checks in a row found none, and when the next one is due. Reports the node knows (confirming)
-- are checked every scanner pass, as before.
alter table deposit_reports add column unseen_checks int not null default 0;
alter table deposit_reports add column next_check_at timestamptz not null default now();
