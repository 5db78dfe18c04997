import { sql } from 'kysely';
import type { Executor } from '../../platform/db/database.js';
import type { LedgerProblem } from './check.js';

/**
 * The aid fund (decision 147) is a platform account, so nothing in the posting stops it going below
 * zero: a grant is approved only against what it holds, and this holds the books to it. Per asset:
 * its balance is not negative; it moved only by donations, the pool's aid shares, grants and the
 * refunds of grants that failed; its donations are exactly the `aid_donations` rows and its grants
 * exactly the `aid_grants` rows (each debited once, through its payout); and a grant shows paid
 * exactly when its payout completed, with that payout's transaction.
 */
export async function checkAidFund(db: Executor): Promise<LedgerProblem[]> {
  const problems: LedgerProblem[] = [];
  const { rows } = await sql<{
    asset: string;
    balance: string;
    others: string;
    donated: string;
    donations: string;
    granted: string;
    grants: string;
    refunded: string;
    failed: string;
  }>`
    select a.asset,
      trim_scale(coalesce(sum(e.amount), 0))::text as balance,
      count(e.id) filter (where e.type not in ('donation', 'aid_share', 'aid_grant', 'withdrawal_refund'))::text as others,
      trim_scale(coalesce(sum(e.amount) filter (where e.type = 'donation'), 0))::text as donated,
      trim_scale((select coalesce(sum(d.amount), 0) from aid_donations d where d.asset = a.asset))::text as donations,
      trim_scale(coalesce(-sum(e.amount) filter (where e.type = 'aid_grant'), 0))::text as granted,
      trim_scale((select coalesce(sum(g.amount), 0) from aid_grants g where g.asset = a.asset))::text as grants,
      trim_scale(coalesce(sum(e.amount) filter (where e.type = 'withdrawal_refund'), 0))::text as refunded,
      trim_scale((select coalesce(sum(g.amount), 0) from aid_grants g
        where g.asset = a.asset and g.status = 'failed'))::text as failed
    from accounts a left join ledger_entries e on e.account_id = a.id
    where a.kind = 'aid_fund' and a.user_id is null
    group by a.id, a.asset order by a.asset`.execute(db);
  for (const r of rows) {
    const base = { asset: r.asset };
    if (r.balance.startsWith('-'))
      problems.push({ ...base, problem: 'aid fund negative', detail: `aid_fund ${r.asset} holds ${r.balance}` });
    if (r.others !== '0')
      problems.push({ ...base, problem: 'aid fund moved by another type', detail: `${r.others} entries` });
    if (r.donated !== r.donations)
      problems.push({
        ...base,
        problem: 'aid fund donations differ',
        detail: `donation entries ${r.donated}, aid_donations ${r.donations}`,
      });
    if (r.granted !== r.grants)
      problems.push({
        ...base,
        problem: 'aid fund grants differ',
        detail: `grant entries ${r.granted}, aid_grants ${r.grants}`,
      });
    if (r.refunded !== r.failed)
      problems.push({
        ...base,
        problem: 'aid fund refunds differ',
        detail: `refund entries ${r.refunded}, failed grants ${r.failed}`,
      });
  }
  const mismatched = await sql<{ id: string; status: string; payout: string | null }>`
    select g.id::text, g.status, w.status as payout from aid_grants g
    left join withdrawals w on w.aid_grant_id = g.id
    where w.id is null
      or (g.status = 'paid') <> (w.status = 'completed')
      or (g.status = 'failed') <> (w.status in ('refunded', 'rejected'))
      or (g.status = 'paid' and g.tx_hash is distinct from w.tx_hash)
    order by g.id`.execute(db);
  for (const r of mismatched.rows)
    problems.push({
      problem: 'aid grant differs from its payout',
      detail: `grant ${r.id} is ${r.status}, its payout ${r.payout ?? 'missing'}`,
    });
  return problems;
}
