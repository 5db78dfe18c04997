-- A stake's earnings are derived on read from what each day's distribution recorded, not written on
-- every stake each day (issue 48, decision 148): the daily UPDATE of every eligible stake cost more
-- than the ledger rows of the day.

-- What a day's parts were derived from: the day's bounds (held all day = started before `starts_at`,
-- not closed before `ends_at`), the term weights and the check-in boost in force, the stakes' total
-- weight and what was shared among them in each asset (the pool less the aid share; 0 when nobody
-- held a stake all day). Null on days distributed before this migration: their parts were written on
-- the stakes (`earned_*`, `last_*`), which now keep just those days.
alter table staking_days
  add column starts_at timestamptz,
  add column ends_at timestamptz,
  add column weight_flexible numeric,
  add column weight_d30 numeric,
  add column weight_d90 numeric,
  add column weight_d180 numeric,
  add column checkin_boost numeric,
  add column total_weight numeric,
  add column shared_wallx numeric(38, 18),
  add column shared_usdt numeric(38, 18);

-- The stakers boosted on a day: they had checked in that day. Kept with the day because a check-in
-- may be erased later (its owner deletes their mood history) while what the day paid stays as paid.
-- Keyed by day first, so a day's rows are appended at the end of the index.
create table staking_boosts (
  day date not null references staking_days (day),
  user_id bigint not null,
  primary key (day, user_id)
);

-- A stake's weight on a day and its part of what the day shared, exactly as the distribution pays
-- them: the credits and every read use these two, so a user's stake parts sum to their credit.
create function staking_weight(amount numeric, term text, d staking_days, boosted boolean) returns numeric
language sql immutable as $$
  select amount
    * case term when 'flexible' then d.weight_flexible when 'd30' then d.weight_d30
        when 'd90' then d.weight_d90 else d.weight_d180 end
    * case when boosted then 1 + d.checkin_boost else 1 end
$$;
-- floor(shared × weight / total) to 18 decimals, by integer division.
create function staking_part(shared numeric, weight numeric, total numeric) returns numeric
language sql immutable as $$
  select case when total > 0 then div(shared * weight * 1e18, total) * 1e-18 else 0 end
$$;

-- What a stake earned: on the days distributed before this migration (its own columns) plus its part
-- of every later day it was held all of. `last_*` is the newest day that paid something (a part may
-- round to zero), as before.
create function stake_earnings(s stakes, out earned_wallx numeric, out earned_usdt numeric, out last_day date,
  out last_wallx numeric, out last_usdt numeric)
language sql stable as $$
  select s.earned_wallx + coalesce(sum(p.wallx), 0),
    s.earned_usdt + coalesce(sum(p.usdt), 0),
    coalesce(max(p.day), s.last_day),
    coalesce((array_agg(p.wallx order by p.day desc))[1], s.last_wallx),
    coalesce((array_agg(p.usdt order by p.day desc))[1], s.last_usdt)
  from (
    select d.day,
      staking_part(d.shared_wallx, staking_weight(s.amount, s.term, d, b.user_id is not null), d.total_weight) as wallx,
      staking_part(d.shared_usdt, staking_weight(s.amount, s.term, d, b.user_id is not null), d.total_weight) as usdt
    from staking_days d
    left join staking_boosts b on b.day = d.day and b.user_id = s.user_id
    where d.starts_at > s.started_at and (s.closed_at is null or s.closed_at >= d.ends_at)
      and (d.shared_wallx > 0 or d.shared_usdt > 0)
  ) p
$$;

-- Nothing updates a stake's earnings any more: full pages again (decision 145's room is not needed).
alter table stakes reset (fillfactor);
