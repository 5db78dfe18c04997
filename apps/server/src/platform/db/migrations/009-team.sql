-- The invite tree as a closure table: one row per (member, ancestor) pair, written in the first
-- login's transaction. "Is X above Y" is a primary-key read at any depth; the ancestors a purchase
-- rolls up to are one index range. Direct invitees come from users (inviter_id, id).
create table team_paths (
  descendant_id bigint not null references users (id),
  ancestor_id bigint not null references users (id),
  -- Levels between the two: 1 for a direct invitee.
  depth int not null check (depth > 0),
  primary key (descendant_id, ancestor_id)
);

-- One row per user, kept in the transactions that change it, so team reads never scan a team.
-- team_*: everyone below the user; own_*: the user's own miner purchases from the catalog.
create table team_stats (
  user_id bigint primary key references users (id),
  direct_count int not null default 0 check (direct_count >= 0),
  team_size int not null default 0 check (team_size >= direct_count),
  own_usdt numeric(38, 18) not null default 0 check (own_usdt >= 0),
  own_wallx numeric(38, 18) not null default 0 check (own_wallx >= 0),
  team_usdt numeric(38, 18) not null default 0 check (team_usdt >= 0),
  team_wallx numeric(38, 18) not null default 0 check (team_wallx >= 0)
);

-- The team's purchases per day (in the output time zone) of each user above the buyer: today and
-- the last 7 days are at most 7 rows of one user.
create table team_daily (
  user_id bigint not null,
  day date not null,
  usdt numeric(38, 18) not null default 0,
  wallx numeric(38, 18) not null default 0,
  primary key (user_id, day)
);

-- A member list pages by (inviter, id): direct invitees, newest first.
create index users_inviter_idx on users (inviter_id, id) where inviter_id is not null;
drop index users_inviter_id_idx;

-- The inviter is fixed at the first login: no later change can move a member or make a cycle.
create function users_inviter_fixed() returns trigger language plpgsql as $$
begin
  if new.inviter_id is distinct from old.inviter_id then
    raise exception 'users.inviter_id is fixed at the first login' using errcode = 'WX010';
  end if;
  return new;
end $$;
create trigger users_inviter_fixed before update of inviter_id on users
  for each row execute function users_inviter_fixed();

-- Users and purchases from before this migration.
insert into team_paths (descendant_id, ancestor_id, depth)
with recursive up as (
  select id as descendant_id, inviter_id as ancestor_id, 1 as depth from users where inviter_id is not null
  union all
  select up.descendant_id, u.inviter_id, up.depth + 1 from up join users u on u.id = up.ancestor_id where u.inviter_id is not null
)
select descendant_id, ancestor_id, depth from up;

with own as (
  select user_id,
    coalesce(sum(price) filter (where pay_asset = 'USDT'), 0) as usdt,
    coalesce(sum(price) filter (where pay_asset = 'WALLX'), 0) as wallx
  from miner_orders where not gift and price is not null group by user_id
), team as (
  select p.ancestor_id as user_id, count(*) as size, coalesce(sum(o.usdt), 0) as usdt, coalesce(sum(o.wallx), 0) as wallx
  from team_paths p left join own o on o.user_id = p.descendant_id group by p.ancestor_id
)
insert into team_stats (user_id, direct_count, team_size, own_usdt, own_wallx, team_usdt, team_wallx)
select u.id,
  (select count(*) from team_paths d where d.ancestor_id = u.id and d.depth = 1),
  coalesce(t.size, 0), coalesce(o.usdt, 0), coalesce(o.wallx, 0), coalesce(t.usdt, 0), coalesce(t.wallx, 0)
from users u left join own o on o.user_id = u.id left join team t on t.user_id = u.id;

-- Days in the default output time zone: the zone is configuration, which a migration cannot read.
insert into team_daily (user_id, day, usdt, wallx)
select p.ancestor_id, (o.created_at at time zone 'Asia/Shanghai')::date,
  coalesce(sum(o.price) filter (where o.pay_asset = 'USDT'), 0),
  coalesce(sum(o.price) filter (where o.pay_asset = 'WALLX'), 0)
from miner_orders o join team_paths p on p.descendant_id = o.user_id
where not o.gift and o.price is not null
group by p.ancestor_id, (o.created_at at time zone 'Asia/Shanghai')::date;
