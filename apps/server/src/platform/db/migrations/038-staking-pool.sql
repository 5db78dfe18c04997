-- The well-being ecosystem, part 2 (issue 48, decision 143): the emotion staking pool; the aid
-- fund's own tables come with its module.

-- `stakes` holds the staked principal (its balance is what active stakes hold); `staking_pool` the
-- proceeds not yet distributed, in each asset the markets charge fees in; `staking_funding` is where
-- operators' additions to the pool come from (it goes negative, as rewards_funding does); `aid_fund`
-- is the mental-health aid fund, shown to everyone.
insert into accounts (user_id, kind, asset) values
  (null, 'stakes', 'WALLX'),
  (null, 'staking_pool', 'WALLX'), (null, 'staking_pool', 'USDT'),
  (null, 'staking_funding', 'WALLX'),
  (null, 'aid_fund', 'WALLX'), (null, 'aid_fund', 'USDT');

-- A stake: WALLX moved from its owner's balance into `stakes` for a term. Flexible stakes have no
-- end; a term stake ends `ends_at` and is returned then (status `returned`); a flexible one is
-- withdrawn (`withdrawn`). What it earned is kept on the row by the daily distribution.
create table stakes (
  id bigserial primary key,
  user_id bigint not null references users (id),
  amount numeric(38, 18) not null check (amount > 0),
  term text not null check (term in ('flexible', 'd30', 'd90', 'd180')),
  started_at timestamptz not null default now(),
  ends_at timestamptz,
  status text not null default 'active' check (status in ('active', 'withdrawn', 'returned')),
  closed_at timestamptz,
  earned_wallx numeric(38, 18) not null default 0,
  earned_usdt numeric(38, 18) not null default 0,
  -- The last distribution that paid it, and what that one paid.
  last_day date,
  last_wallx numeric(38, 18) not null default 0,
  last_usdt numeric(38, 18) not null default 0,
  check ((term = 'flexible') = (ends_at is null)),
  check ((status = 'active') = (closed_at is null))
);
create index stakes_user_idx on stakes (user_id, id desc);
-- The term stakes still out, by their end: what the maturity job returns.
create index stakes_due_idx on stakes (ends_at) where status = 'active' and ends_at is not null;

-- A distributed day: written in the distribution's transaction, so a day is distributed once.
create table staking_days (
  day date primary key,
  distributed_at timestamptz not null default now()
);
-- What a day's distribution did in each asset: the pool it found, the aid fund's share, what the
-- stakes were paid, and what stayed in the pool (rounding, or nobody to pay).
create table staking_distributions (
  day date not null references staking_days (day),
  asset text not null check (asset in ('USDT', 'WALLX')),
  proceeds numeric(38, 18) not null,
  aid numeric(38, 18) not null,
  paid numeric(38, 18) not null,
  kept numeric(38, 18) not null,
  stakes integer not null,
  users integer not null,
  total_weight numeric not null,
  primary key (day, asset),
  check (proceeds = aid + paid + kept)
);

-- The pool's rules operators keep (term weights, fee share, aid share, check-in boost): absent, the
-- deployment's defaults apply; each approved change writes the set and adds one to the version.
create table staking_settings (
  id boolean primary key default true check (id),
  settings jsonb not null,
  version integer not null,
  updated_by text not null,
  approved_by text,
  updated_at timestamptz not null default now()
);

-- Changing the pool's rules, adding to the pool and paying a grant from the aid fund are proposals a
-- second operator approves.
alter table proposals drop constraint proposals_kind_check;
alter table proposals add constraint proposals_kind_check check (kind in (
  'withdrawal.approve', 'withdrawal.reject', 'deposit.credit',
  'operator.add', 'operator.role', 'operator.person', 'operator.enable',
  'money_settings.update', 'checkin_settings.update', 'rewards.fund',
  'staking_settings.update', 'staking.fund', 'aid_grant.pay'
));
