-- The console's Users page (issue 16) pages users newest first by id. A search by the start of an
-- address needs a pattern index (the unique index's collation may not serve LIKE); the frozen and
-- validator filters read small partial indexes instead of walking every user to find a few.
create index users_address_prefix_idx on users (address text_pattern_ops);
create index users_frozen_idx on users (id desc) where is_frozen;
create index users_validator_idx on users (id desc) where is_validator;
