-- Content kept by operators. Texts are multi-language: 'lang:::text' lines (spec §3), where a line
-- without a tag continues the text above it, so a Markdown body may span lines.

-- Home: the ecosystem scenes and the partners.
create table home_scenes (
  id bigint generated always as identity primary key,
  title text not null check (length(title) between 1 and 2000),
  body text not null check (length(body) <= 8000),
  -- One of the app's drawn icons ('checkin', 'therapy', 'tracking', 'staking'…) and its colour.
  icon text not null check (icon ~ '^[a-z_]{1,32}$'),
  tone text not null check (tone in ('violet', 'cyan', 'green', 'amber', 'rose')),
  link text not null default '' check (length(link) <= 500),
  sort int not null default 0,
  published boolean not null default true
);
create table partners (
  id bigint generated always as identity primary key,
  name text not null check (length(name) between 1 and 100),
  -- A word mark drawn by the app (one or two letters) in a brand colour: no third-party images.
  mark text not null check (length(mark) between 1 and 3),
  color text not null check (color ~ '^#[0-9a-f]{6}$'),
  link text not null default '' check (length(link) <= 500),
  sort int not null default 0,
  published boolean not null default true
);

-- Articles by key (/article?key=privacy); the body is Markdown, rendered by the app without HTML.
create table articles (
  key text primary key check (key ~ '^[a-z][a-z0-9_-]{0,39}$'),
  title text not null check (length(title) between 1 and 2000),
  body text not null check (length(body) <= 200000),
  sort int not null default 0,
  published boolean not null default true,
  updated_at timestamptz not null default now()
);

create table ecology_items (
  id bigint generated always as identity primary key,
  title text not null check (length(title) between 1 and 2000),
  body text not null check (length(body) <= 8000),
  icon text not null check (icon ~ '^[a-z_]{1,32}$'),
  link text not null default '' check (length(link) <= 500),
  sort int not null default 0,
  published boolean not null default true
);

-- College courses. regions: countries ('CN') or provinces ('CN-GD') it is open to; empty: everywhere.
create table courses (
  id bigint generated always as identity primary key,
  title text not null check (length(title) between 1 and 2000),
  summary text not null default '' check (length(summary) <= 8000),
  body text not null default '' check (length(body) <= 200000),
  cover text not null check (length(cover) between 1 and 500),
  video text not null check (length(video) between 1 and 500),
  poster text not null default '' check (length(poster) <= 500),
  duration_seconds int not null check (duration_seconds > 0),
  regions text[] not null default '{}',
  requires_miner boolean not null default false,
  sort int not null default 0,
  published boolean not null default true,
  created_at timestamptz not null default now()
);
create index courses_listing_idx on courses (sort, id) where published;

-- Where each user stopped in each course.
create table course_progress (
  user_id bigint not null references users (id),
  course_id bigint not null references courses (id),
  position_seconds numeric(10, 3) not null check (position_seconds >= 0),
  updated_at timestamptz not null default now(),
  primary key (user_id, course_id)
);
