-- An operator address may name another operator address as the same person (a second wallet of
-- theirs): neither may then act on the other's account as a user (decision 79).
alter table operators add column person text;
