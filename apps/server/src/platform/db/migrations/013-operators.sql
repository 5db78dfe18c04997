-- Operators of the console and their sessions (issue 16). Operators named by configuration
-- (OPERATORS) need no row here; these rows are the ones an admin adds through the console.
create table operators (
  address text primary key check (address ~ '^0x[0-9a-f]{40}$'),
  role text not null check (role in ('viewer', 'support', 'finance', 'admin')),
  added_by text not null,
  created_at timestamptz not null default now(),
  disabled_at timestamptz
);

-- Console sessions: an opaque token, kept only as its SHA-256. A session ends when idle, at its
-- maximum age, at logout, or as soon as its operator loses the role (checked on every request).
create table operator_sessions (
  token_hash bytea primary key,
  address text not null,
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz
);
create index operator_sessions_address_idx on operator_sessions (address);

-- A signed console login message is accepted once.
create table operator_login_messages (
  address text not null,
  message text not null,
  used_at timestamptz not null default now(),
  primary key (address, message)
);

-- The audit log is append-only, and the console filters it by operator and by subject.
create or replace function operator_audit_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'operator_audit is append-only';
end $$;
create trigger operator_audit_append_only before update or delete on operator_audit
  for each row execute function operator_audit_append_only();
create trigger operator_audit_no_truncate before truncate on operator_audit
  for each statement execute function operator_audit_append_only();
create index operator_audit_operator_idx on operator_audit (operator, id desc);
create index operator_audit_subject_idx on operator_audit (subject_type, subject_id, id desc);
create index operator_audit_action_idx on operator_audit (action, id desc);
