-- No insider alone (decisions 118-120): adding an operator, changing their role or their person link,
-- enabling a disabled one and changing the fees and limits are proposals another operator approves.
alter table proposals drop constraint proposals_kind_check;
alter table proposals add constraint proposals_kind_check check (kind in (
  'withdrawal.approve', 'withdrawal.reject', 'deposit.credit',
  'operator.add', 'operator.role', 'operator.person', 'operator.enable',
  'money_settings.update'
));

-- Who approved the fees and limits in force (updated_by proposed them); null for a save one operator made alone.
alter table money_settings add column approved_by text;

-- Who approved adding an operator (added_by is who proposed it); null for those one admin added before.
alter table operators add column approved_by text;

-- Who gave an operator their access: the proposer and the approver of their adding, of each change of
-- their role and of each enabling, one row each. Neither may ever approve the other's proposals, nor
-- the grantee anything about their granter; an operator's newest grant starts OPERATOR_COOLDOWN, during
-- which they approve nothing. Kept for ever, like the audit log.
create table operator_grants (
  id bigint generated always as identity primary key,
  operator text not null,
  granted_by text not null,
  action text not null check (action in ('add', 'role', 'enable')),
  proposal_id bigint references proposals (id),
  created_at timestamptz not null default now()
);
create index operator_grants_operator_idx on operator_grants (operator, created_at desc);
create index operator_grants_granted_by_idx on operator_grants (granted_by);

create or replace function operator_grants_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'operator_grants is append-only';
end $$;
create trigger operator_grants_append_only before update or delete on operator_grants
  for each row execute function operator_grants_append_only();
create trigger operator_grants_no_truncate before truncate on operator_grants
  for each statement execute function operator_grants_append_only();

-- What one admin did alone before: each console-added operator was added by added_by, and each role
-- change and enabling is in the audit log under the admin who made it.
insert into operator_grants (operator, granted_by, action, created_at)
  select address, added_by, 'add', created_at from operators;
insert into operator_grants (operator, granted_by, action, created_at)
  select subject_id, operator, case action when 'operator.role' then 'role' else 'enable' end, created_at
  from operator_audit
  where subject_type = 'operator' and action in ('operator.role', 'operator.enable')
  order by id;
