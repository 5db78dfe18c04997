import { sql } from 'kysely';
import { plus } from '@wallx/shared';
import type { Executor } from '../../platform/db/database.js';
import { checkAidFund } from './check-aid-fund.js';

const isZero = (decimal: string) => /^-?0*(\.0*)?$/.test(decimal);

export type LedgerProblem = {
  problem: string;
  account_id?: string;
  user?: string | null;
  asset?: string;
  detail: string;
};

/**
 * Verifies the books: each transaction balances, each asset sums to zero, each user balance equals
 * the sum of its entries and none is negative, platform balance columns are untouched and their
 * balance slots (migration 043) sum to their entries; every withdrawal agrees with its entries (see
 * checkWithdrawals); the rewards budget is what the `rewards` account holds (see checkRewardsBudget); the `stakes` account holds what the active
 * stakes do (see checkStakes); the staking pool is never negative and each day's distribution
 * agrees with its entries (see checkStakingPool); the aid fund's entries agree with its donations,
 * shares and grants (see checkAidFund).
 */
export async function checkLedger(
  db: Executor,
): Promise<{ ok: boolean; problems: LedgerProblem[]; totals: Record<string, string> }> {
  const problems: LedgerProblem[] = [];

  const unbalanced = await sql<{ id: string; total: string; n: string }>`
    select e.transaction_id::text as id, sum(e.amount)::text as total, count(*)::text as n
    from ledger_entries e join accounts a on a.id = e.account_id
    group by e.transaction_id having sum(e.amount) <> 0 or count(*) <> 2 or count(distinct a.asset) <> 1`.execute(db);
  for (const r of unbalanced.rows) {
    problems.push({
      problem: 'transaction does not balance',
      detail: `transaction ${r.id}: ${r.n} entries summing to ${r.total}`,
    });
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
    if (!isZero(r.total))
      problems.push({ problem: 'asset does not sum to zero', asset: r.asset, detail: `sum ${r.total}` });
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
  const slotted = await sql<{ id: string; kind: string; asset: string; slots: string; entries: string }>`
    select a.id::text, a.kind, a.asset, coalesce(b.balance, 0)::text as slots, coalesce(e.amount, 0)::text as entries
    from accounts a
    left join (select account_id, sum(balance) as balance from platform_balances group by account_id) b on b.account_id = a.id
    left join (select account_id, sum(amount) as amount from ledger_entries group by account_id) e on e.account_id = a.id
    where a.user_id is null and coalesce(b.balance, 0) <> coalesce(e.amount, 0)`.execute(db);
  for (const r of slotted.rows) {
    problems.push({
      problem: 'platform balance differs from its entries',
      account_id: r.id,
      asset: r.asset,
      detail: `${r.kind}: slots sum ${r.slots}, entries sum ${r.entries}`,
    });
  }
  problems.push(...(await checkWithdrawals(db)));
  problems.push(...(await checkRewardsBudget(db)));
  problems.push(...(await checkStakes(db)));
  problems.push(...(await checkAidFund(db)));
  problems.push(...(await checkStakingPool(db)));
  return { ok: problems.length === 0, problems, totals };
}

/**
 * A withdrawal is paid from the hot wallet, so the books balancing is not enough: every withdrawal
 * must carry exactly one `withdraw` debit of its amount and its fee from its owner — for an aid
 * grant's payout, one `aid_grant` debit of the aid fund (decision 147) — (a row without one
 * is a payout nobody paid for), a refund exactly when it was refused or failed (a completed payout
 * that was also refunded was paid twice), and no payout transaction may count for two withdrawals.
 */
async function checkWithdrawals(db: Executor): Promise<LedgerProblem[]> {
  const problems: LedgerProblem[] = [];
  const { rows } = await sql<{
    id: string;
    address: string | null;
    asset: string;
    status: string;
    amount: string;
    fee: string;
    debits: string;
    debited: string;
    fees: string;
    refunded: string;
  }>`
    select w.id::text, u.address, w.asset, w.status, trim_scale(w.amount)::text as amount, trim_scale(w.fee)::text as fee,
      count(e.id) filter (where e.type in ('withdrawal', 'aid_grant'))::text as debits,
      trim_scale(coalesce(-sum(e.amount) filter (where e.type in ('withdrawal', 'aid_grant')), 0))::text as debited,
      trim_scale(coalesce(-sum(e.amount) filter (where e.type = 'withdrawal_fee'), 0))::text as fees,
      trim_scale(coalesce(sum(e.amount) filter (where e.type = 'withdrawal_refund'), 0))::text as refunded
    from withdrawals w
    left join users u on u.id = w.user_id
    left join accounts a on a.asset = w.asset
      and (a.user_id = w.user_id or w.user_id is null and a.user_id is null and a.kind = 'aid_fund')
    left join ledger_entries e on e.account_id = a.id and e.ref_type = 'withdrawal' and e.ref_id = w.id::text
    group by w.id, u.address
    having count(e.id) filter (where e.type in ('withdrawal', 'aid_grant')) <> 1
      or coalesce(-sum(e.amount) filter (where e.type in ('withdrawal', 'aid_grant')), 0) <> w.amount
      or coalesce(-sum(e.amount) filter (where e.type = 'withdrawal_fee'), 0) <> w.fee
      or coalesce(sum(e.amount) filter (where e.type = 'withdrawal_refund'), 0)
        <> case when w.status in ('refunded', 'rejected') then w.amount + w.fee else 0 end
    order by w.id`.execute(db);
  for (const r of rows) {
    const base = { user: r.address, asset: r.asset };
    if (r.debits === '0') {
      problems.push({
        ...base,
        problem: 'withdrawal without its debit',
        detail: `withdrawal ${r.id} (${r.status}) of ${r.amount} has no withdraw entry`,
      });
    } else if (r.debits !== '1' || r.debited !== r.amount) {
      problems.push({
        ...base,
        problem: 'withdrawal debited wrongly',
        detail: `withdrawal ${r.id} of ${r.amount}: ${r.debits} withdraw entries for ${r.debited}`,
      });
    }
    if (r.debits !== '0' && r.fees !== r.fee)
      problems.push({
        ...base,
        problem: 'withdrawal fee debited wrongly',
        detail: `withdrawal ${r.id}: fee ${r.fee}, debited ${r.fees}`,
      });
    const isRefused = r.status === 'refunded' || r.status === 'rejected';
    if (!isRefused && !isZero(r.refunded)) {
      problems.push({
        ...base,
        problem: 'withdrawal paid twice',
        detail: `withdrawal ${r.id} is ${r.status} and was also refunded ${r.refunded}`,
      });
    } else if (isRefused && r.refunded !== plus(r.amount, r.fee)) {
      problems.push({
        ...base,
        problem: 'withdrawal refund wrong',
        detail: `withdrawal ${r.id} is ${r.status}; refunded ${r.refunded} of ${plus(r.amount, r.fee)}`,
      });
    }
  }
  const shared = await sql<{ tx_hash: string; ids: string }>`
    select tx_hash, string_agg(id::text, ', ' order by id) as ids from withdrawals
    where tx_hash is not null group by tx_hash having count(*) > 1`.execute(db);
  for (const r of shared.rows)
    problems.push({ problem: 'withdrawal paid twice', detail: `payout ${r.tx_hash} counted for withdrawals ${r.ids}` });
  return problems;
}

/**
 * The rewards budget is kept on its own row so that a payment can lock it (platform accounts are
 * never updated), and every posting to or from the `rewards` account moves it in the same
 * transaction: the row must equal the account's entries, else the budget pays what the books do not
 * hold, or holds back what they do.
 */
async function checkRewardsBudget(db: Executor): Promise<LedgerProblem[]> {
  const { rows } = await sql<{ asset: string; balance: string; entries: string }>`
    select asset, trim_scale(balance)::text as balance, trim_scale(entries)::text as entries from (
      select b.asset, b.balance, coalesce((select sum(e.amount) from ledger_entries e join accounts a on a.id = e.account_id
        where a.kind = 'rewards' and a.user_id is null and a.asset = b.asset), 0) as entries
      from rewards_budget b) budget
    where balance <> entries`.execute(db);
  return rows.map((r) => ({
    problem: 'rewards budget differs from its account',
    asset: r.asset,
    detail: `rewards_budget ${r.balance}, rewards account entries sum ${r.entries}`,
  }));
}

/**
 * The `stakes` account holds the staked principal: its entries must sum to the active stakes'
 * amounts, else a stake was closed without its WALLX going back, or paid back twice, or a stake
 * row stands for WALLX that never left its owner.
 */
async function checkStakes(db: Executor): Promise<LedgerProblem[]> {
  const { rows } = await sql<{ balance: string; active: string }>`
    select trim_scale(balance)::text as balance, trim_scale(active)::text as active from (
      select coalesce((select sum(e.amount) from ledger_entries e join accounts a on a.id = e.account_id
          where a.kind = 'stakes' and a.user_id is null and a.asset = 'WALLX'), 0) as balance,
        coalesce((select sum(amount) from stakes where status = 'active'), 0) as active) t
    where balance <> active`.execute(db);
  return rows.map((r) => ({
    problem: 'stakes account differs from the active stakes',
    asset: 'WALLX',
    detail: `stakes account entries sum ${r.balance}, active stakes ${r.active}`,
  }));
}

/**
 * The staking pool pays only what it holds, so its balance (the sum of its entries) is never below
 * zero in either asset; and each day's distribution row says what the books did that day: its aid
 * is the `aid_share` moved to the aid fund, its paid the `staking_reward` credits of that day.
 */
async function checkStakingPool(db: Executor): Promise<LedgerProblem[]> {
  const problems: LedgerProblem[] = [];
  const negative = await sql<{ asset: string; balance: string }>`
    select a.asset, trim_scale(sum(e.amount))::text as balance
    from accounts a join ledger_entries e on e.account_id = a.id
    where a.user_id is null and a.kind = 'staking_pool'
    group by a.asset having sum(e.amount) < 0`.execute(db);
  for (const r of negative.rows)
    problems.push({ problem: 'staking pool negative', asset: r.asset, detail: `staking_pool holds ${r.balance}` });
  const { rows } = await sql<{
    day: string;
    asset: string;
    aid: string;
    paid: string;
    aid_entries: string;
    paid_entries: string;
  }>`
    select d.day::text as day, d.asset, trim_scale(d.aid)::text as aid, trim_scale(d.paid)::text as paid,
      trim_scale(coalesce(x.aid, 0))::text as aid_entries, trim_scale(coalesce(x.paid, 0))::text as paid_entries
    from staking_distributions d
    left join (
      select e.ref_id, a.asset,
        sum(e.amount) filter (where e.type = 'aid_share' and a.kind = 'aid_fund') as aid,
        sum(e.amount) filter (where e.type = 'staking_reward' and a.kind = 'user') as paid
      from ledger_entries e join accounts a on a.id = e.account_id
      where e.ref_type = 'staking_day' and e.type in ('aid_share', 'staking_reward')
      group by e.ref_id, a.asset
    ) x on x.ref_id = d.day::text and x.asset = d.asset
    where d.aid <> coalesce(x.aid, 0) or d.paid <> coalesce(x.paid, 0)
    order by d.day, d.asset`.execute(db);
  for (const r of rows)
    problems.push({
      problem: 'staking distribution differs from its entries',
      asset: r.asset,
      detail: `${r.day}: aid ${r.aid} (entries ${r.aid_entries}), paid ${r.paid} (entries ${r.paid_entries})`,
    });
  return problems;
}
