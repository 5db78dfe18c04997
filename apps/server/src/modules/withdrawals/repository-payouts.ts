import { sql } from 'kysely';
import { nextSignedNonce } from '../../platform/db/hot-wallet.js';
import type { Executor } from '../../platform/db/database.js';
import { columns } from './repository-columns.js';
import type { SentTransaction, WithdrawalRow, WithdrawalStatus } from './repository-rows.js';

/** The payout worker's queries: what to pay or settle, the transactions signed, and where a payout ends up. */
export function createPayoutQueries() {
  return {
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
     * is in the ledger, on the owner's account — for a grant's payout, its `aid_grant` debit of the
     * aid fund. A withdrawal row without it (a request that failed after the row was written) is never paid.
     */
    async pickableQueued(db: Executor, limit: number): Promise<WithdrawalRow[]> {
      return (await db
        .selectFrom('withdrawals as w')
        .select(columns)
        .where('w.status', '=', 'queued')
        .where(
          sql<boolean>`exists (
            select 1 from ledger_entries e join accounts a on a.id = e.account_id
            where e.ref_type = 'withdrawal' and e.ref_id = w.id::text and a.asset = w.asset and e.amount = -w.amount
              and (e.type = 'withdrawal' and a.user_id = w.user_id
                or w.user_id is null and e.type = 'aid_grant' and a.kind = 'aid_fund' and a.user_id is null))`,
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
