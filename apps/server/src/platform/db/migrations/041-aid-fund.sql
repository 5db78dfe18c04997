-- The mental-health aid fund (issue 48, decision 147): its partners, the donations into it and the
-- grants paid out of it. Its balance is the `aid_fund` account's entries (migration 038).

-- The organisations a grant may go to, kept by operators. A grant is paid to the address the partner
-- had when it was proposed; a deactivated partner takes no new grant.
create table aid_partners (
  id bigserial primary key,
  name text not null check (char_length(name) between 1 and 100),
  address text not null check (address ~ '^0x[0-9a-f]{40}$'),
  website text check (website ~ '^https://'),
  active boolean not null default true,
  created_by text not null,
  updated_by text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- A donation: the posting from the donor to `aid_fund` (its ledger transaction) and whether the donor
-- chose to be shown on the public page (anonymous unless they did).
create table aid_donations (
  id bigserial primary key,
  user_id bigint not null references users (id),
  asset text not null check (asset in ('USDT', 'WALLX')),
  amount numeric(38, 18) not null check (amount > 0),
  shown boolean not null default false,
  transaction_id bigint not null unique,
  created_at timestamptz not null default now()
);
create index aid_donations_user_idx on aid_donations (user_id, id desc);

-- A grant approved by a second finance operator: its id is reserved when it is proposed (the
-- proposal's subject), the row written when it is approved, with the payout that carries it. A
-- payout rides the withdrawals' queue (a withdrawal row with no user, `aid_grant_id` set): its state
-- and transaction follow that row's (trigger below); a failed one is returned to the fund.
create table aid_grants (
  id bigint primary key,
  partner_id bigint not null references aid_partners (id),
  asset text not null check (asset in ('USDT', 'WALLX')),
  amount numeric(38, 18) not null check (amount > 0),
  to_address text not null check (to_address ~ '^0x[0-9a-f]{40}$'),
  proposal_id bigint not null unique references proposals (id),
  status text not null default 'queued' check (status in ('queued', 'sending', 'paid', 'failed')),
  tx_hash text,
  proposed_by text not null,
  approved_by text not null,
  proposed_at timestamptz not null,
  approved_at timestamptz not null default now(),
  paid_at timestamptz,
  check ((status = 'paid') = (paid_at is not null and tx_hash is not null))
);
create sequence aid_grants_id_seq owned by aid_grants.id;
create index aid_grants_paid_idx on aid_grants (id desc) where status = 'paid';

-- A grant's payout is a withdrawal without a user: debited from `aid_fund`, refunded to it.
alter table withdrawals alter column user_id drop not null;
alter table withdrawals add column aid_grant_id bigint unique references aid_grants (id);
alter table withdrawals add constraint withdrawals_owner_check check ((user_id is null) = (aid_grant_id is not null));

-- A withdrawal's state as its owner sees it: a grant's payout has no owner to tell.
create or replace function withdrawals_status_events() returns trigger language plpgsql as $$
declare
  shown text := case when new.status in ('held', 'failed') then 'processing' else new.status end;
  was text := case
    when tg_op = 'INSERT' then null
    when old.status in ('held', 'failed') then 'processing'
    else old.status
  end;
begin
  if new.user_id is not null and shown is distinct from was then
    perform user_events_add(
      array[new.user_id],
      array['withdrawal'],
      array[shown in ('completed', 'refunded', 'rejected')],
      array[jsonb_build_object('id', new.id::text, 'asset', new.asset, 'amount', trim_scale(new.amount)::text, 'status', shown)]);
  end if;
  return null;
end $$;

-- A grant follows its payout, whichever path moves it (the worker, an operator's decision on a held
-- one), in the same transaction: paid with the transaction that was mined, failed once refunded.
create function aid_grants_follow_payout() returns trigger language plpgsql as $$
begin
  update aid_grants set
    status = case
      when new.status = 'completed' then 'paid'
      when new.status in ('refunded', 'rejected') then 'failed'
      when new.status = 'queued' then 'queued'
      else 'sending'
    end,
    tx_hash = case when new.status = 'completed' then new.tx_hash else null end,
    paid_at = case when new.status = 'completed' then now() else null end
  where id = new.aid_grant_id;
  return null;
end $$;

create trigger aid_grants_follow_payout after update of status, tx_hash on withdrawals
  for each row when (new.aid_grant_id is not null) execute function aid_grants_follow_payout();
