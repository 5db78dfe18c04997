import { sql } from 'kysely';
import type { Asset } from '@wallx/shared';
import { nextSignedNonce } from '../../platform/db/hot-wallet.js';
import type { Executor } from '../../platform/db/database.js';
import type { WithdrawalsTable } from '../../platform/db/tables/money.js';
import type { PageRange } from '../../platform/pagination/page.js';
import { recordAudit } from '../../kernel/audit/audit.js';

export type WithdrawalStatus = WithdrawalsTable['status'];

export type WithdrawalRow = {
  id: string;
  user_id: string;
  asset: Asset;
  amount: string;
  fee: string;
  to_address: string;
  status: WithdrawalStatus;
  nonce: string | null;
  broadcast_block: string | null;
  tx_hash: string | null;
  created_at: Date;
  updated_at: Date;
};

/** A payout transaction as signed: stored before it is broadcast. */
export type SentTransaction = { tx_hash: string; raw_tx: string; created_at: Date };

const columns = [
  'id',
  'user_id',
  'asset',
  sql<string>`trim_scale(amount)::text`.as('amount'),
  sql<string>`trim_scale(fee)::text`.as('fee'),
  'to_address',
  'status',
  'nonce',
  'broadcast_block',
  'tx_hash',
  'created_at',
  'updated_at',
] as const;

/** Statuses whose amount is on its way out (or out) without waiting for an operator. */
const PAID_WITHOUT_REVIEW = ['queued', 'broadcast', 'held', 'completed'] as const;
// Any constant of our own; the second key is the asset.
const WITHDRAW_LOCK = 7_411_002;
const assetLockKey: Record<Asset, number> = { USDT: 1, WALLX: 2 };

export function createWithdrawalRepository() {
  return {
    /**
     * Serializes the withdrawals of one asset until the caller's transaction ends: the review rules
     * add this request to sums (the user's day, the platform's hour) that concurrent requests are
     * adding to, so two halves of one large withdrawal cannot both see the sum without the other.
     */
    async lockAsset(trx: Executor, asset: Asset): Promise<void> {
      await sql`select pg_advisory_xact_lock(${WITHDRAW_LOCK}, ${assetLockKey[asset]})`.execute(trx);
    },

    /** What the user withdrew in the last 24 hours (not refused or refunded), and what the platform let out unreviewed in the last hour. */
    async recentTotals(
      trx: Executor,
      userId: string,
      asset: Asset,
    ): Promise<{ userDay: string; platformHour: string }> {
      const { rows } = await sql<{ user_day: string; platform_hour: string }>`
        select
          (select coalesce(sum(amount), 0)::text from withdrawals
            where user_id = ${userId}::bigint and asset = ${asset} and created_at > now() - interval '24 hours'
              and status not in ('rejected', 'refunded')) as user_day,
          (select coalesce(sum(amount), 0)::text from withdrawals
            where asset = ${asset} and created_at > now() - interval '1 hour'
              and status in (${sql.join(PAID_WITHOUT_REVIEW.map((s) => sql.lit(s)))})) as platform_hour`.execute(trx);
      return { userDay: rows[0]!.user_day, platformHour: rows[0]!.platform_hour };
    },

    async insert(
      trx: Executor,
      w: {
        userId: string;
        asset: Asset;
        amount: string;
        fee: string;
        toAddress: string;
        reviewReason: 'amount' | 'daily_total' | 'hourly_cap' | null;
      },
    ): Promise<WithdrawalRow> {
      return (await trx
        .insertInto('withdrawals')
        .values({
          user_id: w.userId,
          asset: w.asset,
          amount: w.amount,
          fee: w.fee,
          to_address: w.toAddress,
          status: w.reviewReason ? 'pending_review' : 'queued',
          review_reason: w.reviewReason,
        })
        .returning(columns)
        .executeTakeFirstOrThrow()) as WithdrawalRow;
    },

    async list(db: Executor, userId: string, range: PageRange): Promise<WithdrawalRow[]> {
      let query = db
        .selectFrom('withdrawals')
        .select(columns)
        .where('user_id', '=', userId)
        .orderBy('id', 'desc')
        .limit(range.limit);
      if (range.before) query = query.where('id', '<', range.before);
      return (await query.execute()) as WithdrawalRow[];
    },

    /** The withdrawal, its row locked until the caller's transaction ends. */
    async one(db: Executor, id: string): Promise<WithdrawalRow | undefined> {
      return (await db.selectFrom('withdrawals').select(columns).where('id', '=', id).executeTakeFirst()) as
        WithdrawalRow | undefined;
    },

    async lock(trx: Executor, id: string): Promise<WithdrawalRow | undefined> {
      return (await trx
        .selectFrom('withdrawals')
        .select(columns)
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst()) as WithdrawalRow | undefined;
    },

    /** Why it was refused or refunded, if it was. */
    async failureReason(trx: Executor, id: string): Promise<string | null> {
      const row = await trx.selectFrom('withdrawals').select('failure_reason').where('id', '=', id).executeTakeFirst();
      return row?.failure_reason ?? null;
    },

    async setRefused(trx: Executor, id: string, status: 'refunded' | 'rejected', reason: string): Promise<void> {
      await trx
        .updateTable('withdrawals')
        .set({ status, failure_reason: reason, updated_at: new Date() })
        .where('id', '=', id)
        .execute();
    },

    /** Back to the queue, to be paid anew at a new nonce; `failureReason` says why, when the worker requeues it. */
    async requeue(trx: Executor, id: string, failureReason?: string): Promise<void> {
      const set = {
        status: 'queued' as const,
        nonce: null,
        tx_hash: null,
        broadcast_block: null,
        ...(failureReason === undefined ? {} : { failure_reason: failureReason }),
      };
      await trx
        .updateTable('withdrawals')
        .set({ ...set, updated_at: new Date() })
        .where('id', '=', id)
        .execute();
    },

    /** Held for an operator: whether the payout was made cannot be established. */
    async hold(trx: Executor, id: string, reason: string): Promise<void> {
      await trx
        .updateTable('withdrawals')
        .set({ status: 'held', review_reason: 'nonce', failure_reason: reason, updated_at: new Date() })
        .where('id', '=', id)
        .execute();
    },

    async audit(
      trx: Executor,
      entry: { operator: string; action: string; withdrawalId: string; detail: unknown },
    ): Promise<void> {
      await recordAudit(trx, {
        operator: entry.operator,
        action: entry.action,
        subjectType: 'withdrawal',
        subjectId: entry.withdrawalId,
        detail: entry.detail,
      });
    },

    /** Payouts sent and not settled yet, and those held for an operator. */
    async open(db: Executor, limit: number): Promise<WithdrawalRow[]> {
      return (await db
        .selectFrom('withdrawals')
        .select(columns)
        .where('status', 'in', ['broadcast', 'held'])
        .orderBy('id')
        .limit(limit)
        .execute()) as WithdrawalRow[];
    },

    /**
     * Queued withdrawals the worker may pay: only those whose `withdraw` debit of exactly their amount
     * is in the ledger, on the owner's account. A withdrawal row without it (a request that failed
     * after the row was written) is never paid.
     */
    async pickableQueued(db: Executor, limit: number): Promise<WithdrawalRow[]> {
      return (await db
        .selectFrom('withdrawals as w')
        .select(columns)
        .where('w.status', '=', 'queued')
        .where(
          sql<boolean>`exists (
            select 1 from ledger_entries e join accounts a on a.id = e.account_id
            where e.ref_type = 'withdrawal' and e.ref_id = w.id::text and e.type = 'withdrawal'
              and a.user_id = w.user_id and a.asset = w.asset and e.amount = -w.amount)`,
        )
        .orderBy('w.id')
        .limit(limit)
        .execute()) as WithdrawalRow[];
    },

    /** Every transaction signed for the withdrawal, newest first. */
    async sentTransactions(db: Executor, withdrawalId: string): Promise<SentTransaction[]> {
      return db
        .selectFrom('withdrawal_transactions')
        .select(['tx_hash', 'raw_tx', 'created_at'])
        .where('withdrawal_id', '=', withdrawalId)
        .orderBy('created_at', 'desc')
        .execute();
    },

    /** Stores a signed payout and marks the withdrawal broadcast with it, before it is sent. */
    async storeSigned(
      trx: Executor,
      t: {
        withdrawalId: string;
        txHash: string;
        nonce: number;
        gasPrice: bigint;
        raw: string;
        broadcastBlock: string | null;
      },
    ): Promise<void> {
      await trx
        .insertInto('withdrawal_transactions')
        .values({
          tx_hash: t.txHash,
          withdrawal_id: t.withdrawalId,
          nonce: String(t.nonce),
          gas_price: t.gasPrice.toString(),
          raw_tx: t.raw,
        })
        .onConflict((oc) => oc.doNothing())
        .execute();
      await trx
        .updateTable('withdrawals')
        .set({
          status: 'broadcast',
          nonce: String(t.nonce),
          broadcast_block: t.broadcastBlock,
          tx_hash: t.txHash,
          updated_at: new Date(),
        })
        .where('id', '=', t.withdrawalId)
        .execute();
    },

    /** Completed by the transaction that was mined, unless its status changed since it was read as `from`. */
    async complete(db: Executor, id: string, from: WithdrawalStatus, txHash: string): Promise<void> {
      await db
        .updateTable('withdrawals')
        .set({ status: 'completed', tx_hash: txHash, updated_at: new Date() })
        .where('id', '=', id)
        .where('status', '=', from)
        .execute();
    },

    /**
     * The nonce after every one we signed still in flight (payouts, and sweeps and cold transfers,
     * which share the hot wallet's nonce sequence); 0 when none is.
     */
    nextSignedNonce: (db: Executor): Promise<number> => nextSignedNonce(db),
  };
}
export type WithdrawalRepository = ReturnType<typeof createWithdrawalRepository>;
