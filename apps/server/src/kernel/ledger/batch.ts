import { CompiledQuery } from 'kysely';
import { assets, creditsUser, isToldByLedger, plus, type Asset, type FundRecordType } from '@wallx/shared';
import type { Trx } from '../../platform/db/database.js';
import { NEW_SLOT, type PlatformAccount } from './ledger.js';

/** The users credited per statement: a batch's locks and CTE rows stay well inside memory. */
export const BATCH_USERS = 50_000;

export type BatchCredit = {
  /** The platform account every credit is debited from (its row of each asset credited). */
  from: PlatformAccount;
  type: FundRecordType;
  /** What every credit refers to; its id may come from the source's `refId` column instead. */
  ref: { type: string; id?: string };
  /**
   * A table of the caller's transaction (a temporary one, usually) holding one row per user:
   * `user_id bigint` unique, and per asset the column holding the amount to credit in it (listed in
   * the order each user's events are numbered). Amounts of no positive value are skipped.
   * With `refId`, each credit refers to that column's id (as text) rather than `ref.id`.
   */
  source: { table: string; amounts: Partial<Record<Asset, string>>; refId?: string };
  batchSize?: number;
};
export type BatchCredited = Partial<Record<Asset, { users: number; total: string }>>;

const identifier = /^[a-z_][a-z0-9_]*$/;

/**
 * One batch of users credited in every asset as one statement, the set-based twin of POST_SQL
 * (ledger.ts): the batch's users' account rows locked in id order, their balances moved, one ledger
 * transaction per user and asset with its two entries (the platform's debit first, balance_after
 * only on the user's side), and each moved account's balance event numbered from its owner's counter,
 * bumped once per user (by the number of their credits), locked after the account rows as a posting
 * takes it — so fund records, the events stream and ledger:check read these postings as any other.
 * Crediting a user's assets together halves the counters' updates and the statements (decision 149).
 * The platform's side adds the batch's total in each asset to one of its balance slots no other
 * transaction holds, or a new one (migration 043, as a posting does).
 * A user without an account row fails the statement (WX002), as a posting does.
 * $1 after user id, $2 batch size, $3 platform account kind, $4 type, $5/$6 ref, $7 notice.
 */
const batchSql = (table: string, amounts: Array<[Asset, string]>, refId: string | undefined) => {
  // Per account row locked, its asset's column of the batch row: the amount, its place among the
  // user's credits (events numbered in the order of the assets given) and how many come after it
  // (its event is numbered that many before the counter's new value). Read off the batch row itself,
  // with no table of the credits in between (decision 157).
  const byAsset = (value: (column: string, i: number) => string) =>
    `case a.asset ${amounts.map(([asset, column], i) => `when '${asset}' then ${value(column, i)}`).join(' ')} end`;
  const later = (i: number) =>
    i === amounts.length - 1
      ? '0'
      : amounts
          .slice(i + 1)
          .map(([, column]) => `(b.${column} > 0)::int`)
          .join(' + ');
  return `
  with batch as (
    select user_id, ${amounts.map(([, column]) => column).join(', ')},
      ${refId === undefined ? 'null' : refId}::text as ref_id from ${table}
    where user_id > $1::bigint and (${amounts.map(([, column]) => `${column} > 0`).join(' or ')})
    order by user_id limit $2
  ),
  platform as (
    select id, asset from accounts where user_id is null and kind = $3
      and asset in (${amounts.map(([asset]) => `'${asset}'`).join(', ')})
  ),
  locked as (
    select a.id, a.user_id, a.asset, ${byAsset((column) => `b.${column}`)} as amount,
      ${byAsset((_, i) => `${i}`)} as ord, ${byAsset((_, i) => later(i))} as later, b.ref_id
    from accounts a join batch b on b.user_id = a.user_id
    where a.kind = 'user' and (${amounts.map(([asset, column]) => `(a.asset = '${asset}' and b.${column} > 0)`).join(' or ')})
    order by a.id
    for update of a
  ),
  moved as (
    update accounts a set balance = a.balance + l.amount
    from locked l
    where a.id = l.id
    returning a.id, a.user_id, a.asset, a.balance, l.amount, l.ord, l.later, l.ref_id
  ),
  counted as (
    insert into user_event_seqs as s (user_id, seq)
    select user_id, count(*) from moved group by user_id order by user_id
    on conflict (user_id) do update set seq = s.seq + excluded.seq
    returning s.user_id, s.seq
  ),
  told as (
    insert into user_events (user_id, seq, type, notice, payload)
    select m.user_id, c.seq - m.later, 'balance', $7::boolean,
      jsonb_build_object('asset', m.asset, 'balance', trim_scale(m.balance)::text,
        'credit', jsonb_build_object('type', $4::text, 'amount', trim_scale(m.amount)::text, 'from', null::text))
    from counted c join moved m on m.user_id = c.user_id
  ),
  transactions as (
    select m.id as account_id, m.asset, m.balance, m.amount, m.ref_id,
      nextval('ledger_transaction_seq') as transaction_id
    from (select * from moved order by user_id, ord) m
  ),
  entries as (
    insert into ledger_entries (transaction_id, account_id, counterpart_account_id, type, amount, balance_after, ref_type, ref_id)
    select t.transaction_id, e.account_id, e.counterpart_account_id, $4, e.amount, e.balance_after, $5,
      coalesce(t.ref_id, $6)
    from transactions t join platform p on p.asset = t.asset
    cross join lateral (values
      (p.id, t.account_id, -t.amount, null::numeric),
      (t.account_id, p.id, t.amount, t.balance)
    ) as e (account_id, counterpart_account_id, amount, balance_after)
    order by t.transaction_id
  ),
  platform_sides as (
    select p.id as account_id, free.slot, -sum(t.amount) as amount
    from transactions t join platform p on p.asset = t.asset
    left join lateral (
      select b.slot from platform_balances b where b.account_id = p.id limit 1 for update skip locked
    ) free on true
    group by p.id, free.slot
  ),
  platform_moved as (
    insert into platform_balances as pb (account_id, slot, balance)
    select account_id, coalesce(slot, ${NEW_SLOT}), amount from platform_sides
    on conflict (account_id, slot) do update set balance = pb.balance + excluded.balance
  ),
  credited as (
    ${amounts
      .map(
        ([asset, column]) =>
          `select '${asset}' as asset, count(*)::int as n, sum(${column}) as total from batch where ${column} > 0`,
      )
      .join('\n    union all ')}
  )
  select case
      when (select count(*) from platform) <> ${amounts.length} then ledger_fail('WX002', 'ledger: the platform account is missing')
      when (select count(*) from locked) <> (select coalesce(sum(n), 0) from credited) then ledger_fail('WX002', 'ledger: a user account row is missing')
    end as failed,
    (select count(*) from batch)::int as users,
    (select max(user_id) from batch)::text as last,
    (select coalesce(jsonb_object_agg(asset, jsonb_build_array(n, total::text)), '{}'::jsonb)
      from credited where n > 0) as credited`;
};

/**
 * Credits many users from one platform account in the caller's transaction, a statement per batch
 * of users rather than a posting each: the daily distribution pays up to every staker at once, in
 * both assets. Each user gets one ledger transaction per asset, as if `ledger.post` had credited
 * them; the platform account's row, as always, is not updated, its balance being the sum of its
 * entries (kept in its slots).
 * The caller makes sure the platform account holds what it pays (the pool is checked never negative
 * by ledger:check).
 */
export async function creditUsersFrom(
  trx: Trx,
  { from, type, ref, source, batchSize = BATCH_USERS }: BatchCredit,
): Promise<BatchCredited> {
  const amounts = Object.entries(source.amounts) as Array<[Asset, string]>;
  if (
    ![source.table, source.refId ?? 'ref_id'].every((name) => identifier.test(name)) ||
    amounts.length === 0 ||
    amounts.some(([asset, column]) => !identifier.test(column) || !assets.includes(asset))
  )
    throw new Error('ledger: a batch source is a plain table and column names, by asset');
  if (ref.id === undefined && source.refId === undefined) throw new Error('ledger: a batch credit names its ref id');
  if (!creditsUser(type)) throw new Error(`ledger: ${type} never credits a user (fundTellers)`);
  const text = batchSql(source.table, amounts, source.refId);
  const credited: BatchCredited = {};
  for (const [asset] of amounts) credited[asset] = { users: 0, total: '0' };
  let after = '0';
  for (;;) {
    const { rows } = await trx.executeQuery<{
      users: number;
      last: string | null;
      credited: Partial<Record<Asset, [number, string]>>;
    }>(CompiledQuery.raw(text, [after, batchSize, from, type, ref.type, ref.id ?? null, isToldByLedger(type)]));
    const row = rows[0]!;
    if (row.users === 0) break;
    for (const [asset, [users, total]] of Object.entries(row.credited) as Array<[Asset, [number, string]]>) {
      const sum = credited[asset]!;
      credited[asset] = { users: sum.users + users, total: plus(sum.total, total) };
    }
    after = row.last!;
    if (row.users < batchSize) break;
  }
  return credited;
}
