-- The daily distribution updates every eligible stake's earnings (issue 48, decision 145): room left
-- on each page lets that update be HOT (no indexed column changes), touching no index.
alter table stakes set (fillfactor = 70);
