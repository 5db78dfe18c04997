-- Ledger posting types take the glossary's names (docs/glossary.md): a credited deposit was
-- 'recharge', a withdrawal's debit 'withdraw'. Entries are otherwise immutable; this rename runs
-- once, before launch, inside the migration's transaction, and changes no amount or account.
alter table ledger_entries disable trigger ledger_entries_no_update;
update ledger_entries set type = case type
    when 'recharge' then 'deposit'
    when 'withdraw' then 'withdrawal'
    when 'withdraw_fee' then 'withdrawal_fee'
    when 'withdraw_refund' then 'withdrawal_refund'
  end
where type in ('recharge', 'withdraw', 'withdraw_fee', 'withdraw_refund');
alter table ledger_entries enable trigger ledger_entries_no_update;
