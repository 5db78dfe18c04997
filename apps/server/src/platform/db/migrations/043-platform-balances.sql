-- Platform accounts' balances kept beside their entries (issue 48, decision 152), so a screen that
-- shows one (the staking pool's size) reads a few rows instead of summing every entry ever posted.
-- One row per account would be the hot row decision 11 avoids (every fee share and every stake would
-- queue on it): each posting adds its side to a slot row no other transaction holds (skip locked), or
-- to a new slot when all are held, and the balance is the slots' sum. `accounts.balance` stays 0 for
-- platform accounts, as before; ledger:check holds the slots' sum equal to the entries'.
create table platform_balances (
  account_id bigint not null,
  slot integer not null,
  balance numeric(38, 18) not null,
  primary key (account_id, slot)
);

-- What every platform account holds so far, into its first slot.
insert into platform_balances (account_id, slot, balance)
select a.id, 0, coalesce(sum(e.amount), 0)
from accounts a left join ledger_entries e on e.account_id = a.id
where a.user_id is null
group by a.id;
