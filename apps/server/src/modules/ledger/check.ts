import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';

const isZero = (decimal: string) => /^-?0*(\.0*)?$/.test(decimal);

export type LedgerProblem = { problem: string; account_id?: string; user?: string | null; asset?: string; detail: string };

/**
 * Verifies the books: each transaction balances, each asset sums to zero, each user balance equals
 * the sum of its entries and none is negative, platform balance columns are untouched.
 */
export async function checkLedger(db: Executor): Promise<{ ok: boolean; problems: LedgerProblem[]; totals: Record<string, string> }> {
  const problems: LedgerProblem[] = [];

  const unbalanced = await sql<{ id: string; total: string; n: string }>`
    select e.transaction_id::text as id, sum(e.amount)::text as total, count(*)::text as n
    from ledger_entries e join accounts a on a.id = e.account_id
    group by e.transaction_id having sum(e.amount) <> 0 or count(*) <> 2 or count(distinct a.asset) <> 1`.execute(db);
  for (const r of unbalanced.rows) {
    problems.push({ problem: 'transaction does not balance', detail: `transaction ${r.id}: ${r.n} entries summing to ${r.total}` });
  }

  const orphans = await sql<{ id: string; account_id: string }>`
    select e.id::text, e.account_id::text from ledger_entries e
    where not exists (select 1 from accounts a where a.id = e.account_id) limit 100`.execute(db);
  for (const r of orphans.rows) {
    problems.push({ problem: 'entry of a missing account', account_id: r.account_id, detail: `entry ${r.id}` });
  }

  const assets = await sql<{ asset: string; total: string }>`
    select a.asset, trim_scale(coalesce(sum(e.amount), 0))::text as total
    from accounts a left join ledger_entries e on e.account_id = a.id group by a.asset order by a.asset`.execute(db);
  const totals: Record<string, string> = {};
  for (const r of assets.rows) {
    totals[r.asset] = r.total;
    if (!isZero(r.total)) problems.push({ problem: 'asset does not sum to zero', asset: r.asset, detail: `sum ${r.total}` });
  }

  const mismatched = await sql<{ id: string; address: string | null; asset: string; balance: string; entries: string }>`
    select a.id::text, u.address, a.asset, a.balance::text, coalesce(sum(e.amount), 0)::text as entries
    from accounts a
    left join users u on u.id = a.user_id
    left join ledger_entries e on e.account_id = a.id
    group by a.id, u.address
    having (a.user_id is not null and a.balance <> coalesce(sum(e.amount), 0))
        or (a.user_id is null and a.balance <> 0)
        or a.balance < 0 and a.user_id is not null`.execute(db);
  for (const r of mismatched.rows) {
    problems.push({
      problem: r.balance.startsWith('-') ? 'negative user balance' : 'balance differs from its entries',
      account_id: r.id,
      user: r.address,
      asset: r.asset,
      detail: `balance ${r.balance}, entries sum ${r.entries}`,
    });
  }
  return { ok: problems.length === 0, problems, totals };
}
