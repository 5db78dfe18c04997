import { CompiledQuery } from 'kysely';
import { creditsUser, isToldByLedger, type Asset, type FundRecordType } from '@wallx/shared';
import type { Executor } from '../../platform/db/database.js';
import { AppError } from '../../platform/errors/app-error.js';

export const platformAccounts = [
  'deposits',
  'withdrawals',
  'fees',
  'mining_issuance',
  'sales',
  'escrow',
  'rewards',
  'rewards_funding',
  // Issue 48: staked principal, the pool's undistributed proceeds, operators' additions to it, the aid fund.
  'stakes',
  'staking_pool',
  'staking_funding',
  'aid_fund',
] as const;
export type PlatformAccount = (typeof platformAccounts)[number];

/**
 * A platform account's balance slot for a posting that found every one held by other transactions
 * (migration 043): a new row, numbered at random so two such postings all but never meet. Slots are
 * added only so, so an account has about as many as postings ever held it at once.
 */
export const NEW_SLOT = `floor(random() * 2147483647)::int`;

export type AccountRef = { user: string } | { platform: PlatformAccount };

export type Posting = {
  debit: AccountRef;
  credit: AccountRef;
  asset: Asset;
  /** A positive decimal string. */
  amount: string;
  /** The fund-record type on each side; one value when both sides read the same. */
  type: FundRecordType | { debit: FundRecordType; credit: FundRecordType };
  /** What caused it (an order, a deposit…); none when the movement is its own record, as a transfer is. */
  ref?: { type: string; id: string };
};

const insufficient: Record<Asset, 'insufficient_usdt' | 'insufficient_wallx'> = {
  USDT: 'insufficient_usdt',
  WALLX: 'insufficient_wallx',
};

/**
 * The only code that changes balances. A posting debits one account and credits another by the same
 * amount, in the caller's transaction, so money moves with the business change that caused it or
 * not at all.
 *
 * A posting is one SQL statement, atomic on its own: run it in the transaction of the business change
 * it belongs to, or alone when it is the whole change (a plain transfer). User accounts are locked in id order first, so A→B racing B→A
 * cannot deadlock, and the debit is guarded by `balance >= amount` (the CHECK constraint stands
 * behind it). Platform accounts' rows are never updated: their balance is the sum of their entries,
 * kept spread over slot rows (migration 043) so it is read without summing them.
 */
/**
 * A posting as one statement, all or nothing even outside a transaction: lock the user rows in id
 * order, move the balances — the debit only where balance >= amount, checked on the row's latest
 * version as the UPDATE takes it — write both entries, and fail the whole statement (SQLSTATE WX001)
 * when a user row did not move. Each user whose balance moved gets a balance event, numbered from
 * their counter (as user_events_add of migration 031 numbers the others), locked after their
 * account row. Plain SQL text, compiled once, one prepared statement.
 * $1 asset, $2 user ids, $3 debit user, $4 amount, $5 user count, $6 debit platform account,
 * $7 debit type, $8 credit user, $9 credit platform account, $10 credit type, $11/$12 ref,
 * $13 whether the credited user's balance event is their notice (fundTellers, decision 125). The
 * credited side's event says what came in and from whom, so no path that credits can forget to tell.
 * A platform side adds its amount to one of its account's balance slots (migration 043) that no other
 * transaction holds (skip locked), or to a new one when all are held: a posting never waits on another
 * for a platform account, so two transactions posting to two platform accounts in opposite orders
 * cannot deadlock on them.
 */
const POST_SQL = `
  with locked as (
    select id from accounts
    where kind = 'user' and asset = $1 and user_id = any($2::bigint[])
    order by id
    for update
  ),
  moved as (
    update accounts a
    set balance = a.balance + case when a.user_id = $3::bigint then -$4::numeric else $4::numeric end
    from locked
    where a.id = locked.id and (a.user_id is distinct from $3::bigint or a.balance >= $4::numeric)
    returning a.id, a.user_id, a.balance
  ),
  counted as (
    insert into user_event_seqs as s (user_id, seq)
    select user_id, 1 from moved order by user_id
    on conflict (user_id) do update set seq = s.seq + 1
    returning s.user_id, s.seq
  ),
  told as (
    insert into user_events (user_id, seq, type, notice, payload)
    select c.user_id, c.seq, 'balance', m.user_id = $8::bigint and $13::boolean,
      jsonb_build_object('asset', $1::text, 'balance', trim_scale(m.balance)::text)
        || case when m.user_id = $8::bigint then jsonb_build_object('credit', jsonb_build_object(
          'type', $10::text, 'amount', trim_scale($4::numeric)::text,
          'from', (select u.address from users u where u.id = $3::bigint))) else '{}'::jsonb end
    from counted c join moved m on m.user_id = c.user_id
  ),
  ids as (
    select coalesce((select id from moved where user_id = $3::bigint), $6::bigint) as debit_account,
      coalesce((select id from moved where user_id = $8::bigint), $9::bigint) as credit_account,
      (select balance from moved where user_id = $3::bigint) as debit_balance,
      (select balance from moved where user_id = $8::bigint) as credit_balance,
      nextval('ledger_transaction_seq') as transaction_id
  ),
  entries as (
    insert into ledger_entries (transaction_id, account_id, counterpart_account_id, type, amount, balance_after, ref_type, ref_id)
    select i.transaction_id, e.account_id, e.counterpart_account_id, e.type, e.amount, e.balance_after, $11, $12
    from ids i
    cross join lateral (values
      (i.debit_account, i.credit_account, $7::text, -$4::numeric, i.debit_balance),
      (i.credit_account, i.debit_account, $10::text, $4::numeric, i.credit_balance)
    ) as e (account_id, counterpart_account_id, type, amount, balance_after)
    where (select count(*) from moved) = $5
    returning transaction_id, created_at
  ),
  platform_sides as (
    select x.account_id, x.amount, free.slot
    from (values ($6::bigint, -$4::numeric), ($9::bigint, $4::numeric)) as x (account_id, amount)
    left join lateral (
      select b.slot from platform_balances b where b.account_id = x.account_id limit 1 for update skip locked
    ) free on true
    where x.account_id is not null and (select count(*) from moved) = $5
  ),
  platform_moved as (
    insert into platform_balances as p (account_id, slot, balance)
    select account_id, coalesce(slot, ${NEW_SLOT}), amount from platform_sides
    on conflict (account_id, slot) do update set balance = p.balance + excluded.balance
  )
  select case
      when (select count(*) from locked) <> $5 then ledger_fail('WX002', 'ledger: a user account row is missing')
      when (select count(*) from moved) <> $5 then ledger_fail('WX001', 'insufficient balance')
    end as failed,
    (select transaction_id from entries limit 1) as transaction_id,
    (select created_at from entries limit 1) as created_at`;

export function createLedger() {
  const platformIds = new Map<string, string>();

  async function platformAccountId(db: Executor, kind: PlatformAccount, asset: Asset): Promise<string> {
    const key = `${kind}:${asset}`;
    let id = platformIds.get(key);
    if (!id) {
      const row = await db
        .selectFrom('accounts')
        .select('id')
        .where('user_id', 'is', null)
        .where('kind', '=', kind)
        .where('asset', '=', asset)
        .executeTakeFirstOrThrow();
      id = row.id;
      platformIds.set(key, id);
    }
    return id;
  }

  return {
    async post(trx: Executor, posting: Posting): Promise<{ transactionId: string; createdAt: Date }> {
      const { debit, credit, asset, amount, ref } = posting;
      if (!/^\d+(\.\d{1,18})?$/.test(amount) || /^0+(\.0+)?$/.test(amount)) {
        throw new Error(`ledger: amount must be a positive decimal, got ${amount}`);
      }
      const types = typeof posting.type === 'string' ? { debit: posting.type, credit: posting.type } : posting.type;
      const debitUser = 'user' in debit ? debit.user : null;
      const creditUser = 'user' in credit ? credit.user : null;
      if (
        (debitUser !== null && debitUser === creditUser) ||
        ('platform' in debit && 'platform' in credit && debit.platform === credit.platform)
      )
        throw new Error('ledger: debit and credit are the same account');

      // The table of tellers holds only if no path credits a user with a type it says never credits.
      if (creditUser !== null && !creditsUser(types.credit))
        throw new Error(`ledger: ${types.credit} never credits a user (fundTellers)`);
      const users = [debitUser, creditUser].filter((u): u is string => u !== null);
      const platformId = (account: AccountRef) =>
        'platform' in account ? platformAccountId(trx, account.platform, asset) : null;
      const [debitPlatform, creditPlatform] = await Promise.all([platformId(debit), platformId(credit)]);

      let rows: unknown[];
      try {
        ({ rows } = await trx.executeQuery(
          CompiledQuery.raw(POST_SQL, [
            asset,
            users,
            debitUser,
            amount,
            users.length,
            debitPlatform,
            types.debit,
            creditUser,
            creditPlatform,
            types.credit,
            ref?.type ?? null,
            ref?.id ?? null,
            creditUser !== null && isToldByLedger(types.credit),
          ]),
        ));
      } catch (error) {
        if ((error as { code?: string }).code === 'WX001') throw new AppError(insufficient[asset], { cause: error });
        throw error;
      }
      const result = rows[0] as { transaction_id: string; created_at: Date };
      return { transactionId: result.transaction_id, createdAt: result.created_at };
    },
  };
}
export type Ledger = ReturnType<typeof createLedger>;
