-- What happened to each user, for the event stream (GET /api/events) and the notice inbox. An event
-- is written in the transaction of the change it describes; its number in the user's own sequence
-- is given at commit (below), so a reader that has seen seq n has seen everything before it.
create table user_event_seqs (
  user_id bigint primary key references users (id),
  -- The newest seq given to this user's events.
  seq bigint not null default 0,
  -- Notices up to this seq have been seen (the bell's unread count is what is after it).
  read_seq bigint not null default 0
);

create table user_events (
  id bigserial primary key,
  user_id bigint not null references users (id),
  -- Null until the transaction that wrote it commits.
  seq bigint,
  type text not null,
  -- Worth telling a person: listed in the inbox, counted by the bell.
  notice boolean not null default false,
  payload jsonb not null,
  created_at timestamptz not null default now()
);
create unique index user_events_user_seq_idx on user_events (user_id, seq);
create index user_events_notices_idx on user_events (user_id, seq) where notice;
create index user_events_unnumbered_idx on user_events (id) where seq is null;
create index user_events_created_idx on user_events (created_at);

-- Numbers every event the committing transaction wrote, then wakes the streams of their users.
-- Deferred to commit, the counters are locked only from here to the commit, and in user-id order:
-- two transactions committing events for the same users cannot deadlock, and numbers are given in
-- commit order (the counter row stays locked until the commit), so none is ever skipped by a reader.
-- It fires once per row; the first firing numbers them all, the others find nothing left.
create function user_events_number() returns trigger language plpgsql as $$
declare
  woken bigint[];
begin
  with pending as (
    select id, user_id, row_number() over (partition by user_id order by id) as n
    from user_events where seq is null
  ),
  counts as (
    select user_id, count(*) as c from pending group by user_id
  ),
  bumped as (
    insert into user_event_seqs as s (user_id, seq)
    select user_id, c from counts order by user_id
    on conflict (user_id) do update set seq = s.seq + excluded.seq
    returning s.user_id, s.seq
  ),
  numbered as (
    update user_events e set seq = b.seq - c.c + p.n
    from pending p join counts c using (user_id) join bumped b using (user_id)
    where e.id = p.id
    returning e.user_id
  )
  select array_agg(distinct user_id) into woken from numbered;
  if woken is not null then
    perform pg_notify('wallx_user_events', u::text) from unnest(woken) as u;
  end if;
  return null;
end $$;

create constraint trigger user_events_number after insert on user_events
  deferrable initially deferred for each row execute function user_events_number();

-- Every posting to a user's account is a balance event: one statement per posting, with the new balance.
create function ledger_entries_balance_events() returns trigger language plpgsql as $$
begin
  insert into user_events (user_id, type, payload)
  select a.user_id, 'balance', jsonb_build_object('asset', a.asset, 'balance', trim_scale(n.balance_after)::text)
  from new_entries n join accounts a on a.id = n.account_id
  where a.kind = 'user';
  return null;
end $$;

create trigger ledger_entries_balance_events after insert on ledger_entries
  referencing new table as new_entries for each statement execute function ledger_entries_balance_events();

-- Every change of a withdrawal's state as its owner sees it (held and failed read "processing"),
-- whichever code path made it: the request, a review, the payout worker, a cancel. A notice when it
-- has ended (as modules/events/user-events.ts decides for the events services write).
create function withdrawals_status_events() returns trigger language plpgsql as $$
declare
  shown text := case when new.status in ('held', 'failed') then 'processing' else new.status end;
  was text := case
    when tg_op = 'INSERT' then null
    when old.status in ('held', 'failed') then 'processing'
    else old.status
  end;
begin
  if shown is distinct from was then
    insert into user_events (user_id, type, notice, payload)
    values (new.user_id, 'withdrawal', shown in ('completed', 'refunded', 'rejected'), jsonb_build_object(
      'id', new.id::text, 'asset', new.asset, 'amount', trim_scale(new.amount)::text, 'status', shown));
  end if;
  return null;
end $$;

create trigger withdrawals_status_events after insert or update of status on withdrawals
  for each row execute function withdrawals_status_events();
