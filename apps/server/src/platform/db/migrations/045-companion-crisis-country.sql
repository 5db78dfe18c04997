-- The country a user picked on the companion's crisis card (decision 161): the line shown to them is
-- that country's, before their delivery address's or their browser's. Null: they never picked one.
alter table companion_profiles add column crisis_country text check (crisis_country ~ '^[A-Z]{2}$');
