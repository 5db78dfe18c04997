-- Four eyes (decision 80): a money decision one finance operator proposes and a different one
-- approves. At most one proposal waits per subject; the approval runs the decision in its own
-- transaction, and both steps are in the audit log.
create table proposals (
  id bigint generated always as identity primary key,
  kind text not null check (kind in ('withdrawal.approve', 'withdrawal.reject')),
  subject_type text not null,
  subject_id text not null,
  reason text not null,
  status text not null default 'pending' check (status in ('pending', 'approved', 'withdrawn')),
  proposed_by text not null,
  proposed_at timestamptz not null default now(),
  decided_by text,
  decided_at timestamptz
);
create unique index proposals_one_pending on proposals (subject_type, subject_id) where status = 'pending';
create index proposals_status_idx on proposals (status, id desc);
