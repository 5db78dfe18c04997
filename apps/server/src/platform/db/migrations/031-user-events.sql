-- What happened to each user, for the event stream (GET /api/events) and the notice inbox. An event
-- is written in the transaction of the change it describes, numbered in the user's own sequence
-- (user_events_add below), so a reader that has seen seq n has seen everything before it.
create table user_event_seqs (
  user_id bigint primary key references users (id),
  -- The newest seq given to this user's events.
  seq bigint not null default 0,
  -- Notices up to this seq have been seen (the bell's unread count is what is after it).
  read_seq bigint not null default 0
) with (fillfactor = 50);
-- (Half-empty pages: a counter is bumped by every posting of its user, and with room on its page the
-- update is HOT, touching no index.)

-- No foreign key of its own: every row is written by user_events_add, for a user whose counter row
-- it has just taken (and that row's key is checked). A key here would check users once per event.
create table user_events (
  user_id bigint not null,
  seq bigint not null,
  type text not null,
  -- Worth telling a person: listed in the inbox, counted by the bell.
  notice boolean not null default false,
  payload jsonb not null,
  created_at timestamptz not null default now(),
  primary key (user_id, seq)
);
create index user_events_notices_idx on user_events (user_id, seq) where notice;
-- BRIN: rows arrive in time order, so a block range summary finds the old ones for the hourly
-- retention delete at almost no cost per insert (a B-tree here cost every posting an index write).
create index user_events_created_idx on user_events using brin (created_at);

-- How events are written (and the ledger's posting statement does the same for balance events, in
-- the statement itself): numbers them from each user's counter. The counter row stays
-- locked until the commit, so a user's numbers are given in commit order: no reader passes a number
-- whose transaction has yet to commit. Counters are taken in user-id order; a posting takes them
-- right after the same users' account rows, which it locks in id order too. Streams learn of new
-- numbers by reading the counters of their users (modules/events/hub.ts), not by NOTIFY: a
-- transaction that notifies holds a database-wide lock through its commit (decision 107).
create function user_events_add(p_users bigint[], p_types text[], p_notices boolean[], p_payloads jsonb[])
returns integer language plpgsql as $$
declare
  added integer;
begin
  with input as (
    select e.user_id, e.type, e.notice, e.payload, e.ord
    from unnest(p_users, p_types, p_notices, p_payloads) with ordinality as e (user_id, type, notice, payload, ord)
  ),
  counts as (
    select user_id, count(*) as c from input group by user_id
  ),
  bumped as (
    insert into user_event_seqs as s (user_id, seq)
    select user_id, c from counts order by user_id
    on conflict (user_id) do update set seq = s.seq + excluded.seq
    returning s.user_id, s.seq
  )
  insert into user_events (user_id, seq, type, notice, payload)
  select i.user_id, b.seq - c.c + row_number() over (partition by i.user_id order by i.ord), i.type, i.notice, i.payload
  from input i join counts c on c.user_id = i.user_id join bumped b on b.user_id = i.user_id;
  get diagnostics added = row_count;
  return added;
end $$;

-- Every change of a withdrawal's state as its owner sees it (held and failed read "processing"),
-- whichever code path made it: the request, a review, the payout worker, a cancel. A notice when it
-- has ended (as isNoticeEvent in packages/shared decides for the events services write).
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
    perform user_events_add(
      array[new.user_id],
      array['withdrawal'],
      array[shown in ('completed', 'refunded', 'rejected')],
      array[jsonb_build_object('id', new.id::text, 'asset', new.asset, 'amount', trim_scale(new.amount)::text, 'status', shown)]);
  end if;
  return null;
end $$;

create trigger withdrawals_status_events after insert or update of status on withdrawals
  for each row execute function withdrawals_status_events();
