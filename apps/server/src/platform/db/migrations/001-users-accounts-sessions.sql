-- Users are wallets. The address is stored lower-cased so lookups never depend on checksum case.
create table users (
  id bigint generated always as identity primary key,
  address text not null unique check (address ~ '^0x[0-9a-f]{40}$'),
  share_code text not null unique,
  inviter_id bigint references users (id),
  is_validator boolean not null default false,
  is_frozen boolean not null default false,
  created_at timestamptz not null default now(),
  check (inviter_id is null or inviter_id <> id)
);
create index users_inviter_id_idx on users (inviter_id) where inviter_id is not null;

-- One account per (user, asset) plus platform accounts (user_id null). A user's balance can never go
-- below zero, whatever the code above it does; platform accounts may (deposits in, issuance…).
create table accounts (
  id bigint generated always as identity primary key,
  user_id bigint references users (id),
  kind text not null,
  asset text not null check (asset in ('USDT', 'WALLX')),
  balance numeric(38, 18) not null default 0,
  created_at timestamptz not null default now(),
  check (user_id is null or balance >= 0),
  check ((user_id is null) = (kind <> 'user'))
);
create unique index accounts_user_asset_idx on accounts (user_id, asset) where user_id is not null;

-- Each signed login message is accepted once per address.
create table login_messages (
  address text not null,
  message text not null,
  used_at timestamptz not null default now(),
  primary key (address, message)
);
create index login_messages_used_at_idx on login_messages (used_at);

-- A session is one login; its refresh tokens rotate. Presenting a spent token revokes the session.
create table sessions (
  id uuid primary key,
  user_id bigint not null references users (id),
  created_at timestamptz not null default now(),
  revoked_at timestamptz
);
create index sessions_user_id_idx on sessions (user_id);

create table refresh_tokens (
  token_hash text primary key,
  session_id uuid not null references sessions (id),
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index refresh_tokens_session_id_idx on refresh_tokens (session_id);
