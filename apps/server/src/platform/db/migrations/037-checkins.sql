-- The well-being ecosystem, part 1 (issue 47): daily check-ins, the rewards budget, the weekly board.

-- The rewards budget operators fund: `rewards` holds it (its balance is the sum of its entries, as
-- every platform account's); `rewards_funding` is where the platform's contributions come from (it
-- goes negative, as mining_issuance does).
insert into accounts (user_id, kind, asset) values (null, 'rewards', 'WALLX'), (null, 'rewards_funding', 'WALLX');

-- What the budget can still pay, kept beside the books so that a payment checks it on one row it
-- locks (platform accounts are never updated). Every posting to or from the `rewards` account moves
-- it in the same transaction; ledger:check compares it with the account's entries.
create table rewards_budget (
  asset text primary key check (asset = 'WALLX'),
  balance numeric(38, 18) not null default 0 check (balance >= 0),
  updated_at timestamptz not null default now()
);
insert into rewards_budget (asset) values ('WALLX');

-- One check-in per account per day in the output job's zone. Health data: only its owner reads a
-- row; operators see aggregates over 20 or more people. `streak` is the run of days ending with this
-- one, fixed when the row is first written (only today's row can be written, so it never changes).
create table checkins (
  user_id bigint not null references users (id),
  day date not null,
  mood smallint not null check (mood between 1 and 5),
  feelings text[] not null default '{}' check (cardinality(feelings) <= 3),
  note text check (char_length(note) <= 500),
  streak integer not null check (streak >= 1),
  -- What the day's first check-in earned (null: nothing), and why nothing when nothing.
  reward numeric(38, 18),
  bonus numeric(38, 18),
  no_reward_reason text check (no_reward_reason in ('not_eligible', 'budget_empty', 'rewards_off')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (user_id, day)
);
-- The console's aggregates read a day at a time.
create index checkins_day_idx on checkins (day);

-- The reward rules operators keep: absent, the deployment's defaults apply; each approved change
-- writes the set and adds one to the version.
create table checkin_settings (
  id boolean primary key default true check (id),
  settings jsonb not null,
  version integer not null,
  updated_by text not null,
  approved_by text,
  updated_at timestamptz not null default now()
);

-- Crisis lines by ISO country code, and `default` for any other; operators keep them.
create table support_lines (
  country text primary key check (country ~ '^([A-Z]{2}|default)$'),
  name text not null,
  phone text,
  url text,
  updated_by text,
  updated_at timestamptz not null default now()
);
insert into support_lines (country, name, phone, url) values
  ('default', 'Find a Helpline', null, 'https://findahelpline.com');

-- The weekly board. A profile exists once a user chose a nickname or left the board; without one a
-- user is on the board under a shortened address.
create table leaderboard_profiles (
  user_id bigint primary key references users (id),
  nickname text,
  on_board boolean not null default true,
  hidden_at timestamptz,
  hidden_by text,
  hidden_reason text,
  updated_at timestamptz not null default now()
);
create unique index leaderboard_profiles_nickname_idx on leaderboard_profiles (lower(nickname)) where nickname is not null;

-- A user's standing in a week (its Monday), kept by each check-in: days checked in that week, the
-- streak at the last one, and when they reached that count (the tie-break).
create table leaderboard_entries (
  week date not null,
  user_id bigint not null references users (id),
  days smallint not null check (days between 1 and 7),
  streak integer not null,
  reached_at timestamptz not null,
  primary key (week, user_id)
);
create index leaderboard_entries_rank_idx on leaderboard_entries (week, days desc, streak desc, reached_at, user_id);

-- A closed week: its prizes were paid (or skipped) once, in the transaction that wrote this row.
create table leaderboard_weeks (
  week date primary key,
  closed_at timestamptz not null default now(),
  paid_total numeric(38, 18) not null default 0
);
create table leaderboard_prizes (
  week date not null references leaderboard_weeks (week),
  rank integer not null,
  user_id bigint not null references users (id),
  amount numeric(38, 18) not null,
  -- The ledger transaction that paid it; null with the reason it was not.
  transaction_id bigint,
  skip_reason text check (skip_reason in ('not_eligible', 'budget_empty')),
  primary key (week, rank),
  unique (week, user_id),
  check ((transaction_id is null) = (skip_reason is not null))
);

-- Changing the reward rules and adding to the budget are proposals a second operator approves.
alter table proposals drop constraint proposals_kind_check;
alter table proposals add constraint proposals_kind_check check (kind in (
  'withdrawal.approve', 'withdrawal.reject', 'deposit.credit',
  'operator.add', 'operator.role', 'operator.person', 'operator.enable',
  'money_settings.update', 'checkin_settings.update', 'rewards.fund'
));
