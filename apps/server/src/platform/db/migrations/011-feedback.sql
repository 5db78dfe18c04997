-- Feedback: a user writes, an operator replies, the user sees the reply (and a badge until read).
create table feedback (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id),
  title text not null check (length(title) between 1 and 100),
  detail text not null check (length(detail) between 1 and 2000),
  status text not null default 'open' check (status in ('open', 'replied')),
  reply text check (length(reply) between 1 and 2000),
  replied_by text,
  replied_at timestamptz,
  reply_read_at timestamptz,
  created_at timestamptz not null default now(),
  check ((status = 'replied') = (reply is not null and replied_by is not null and replied_at is not null)),
  check (reply_read_at is null or status = 'replied')
);
create index feedback_user_idx on feedback (user_id, id desc);
create index feedback_unread_idx on feedback (user_id) where status = 'replied' and reply_read_at is null;
create index feedback_status_idx on feedback (status, id desc);
