import type { Asset } from '@wallx/shared';
import type { Hex } from 'viem';
import type { Db, Executor } from '../../platform/db/database.js';
import { transaction } from '../../platform/db/transaction.js';
import type { UserEvents } from '../../kernel/user-events/user-events.js';
import type { DepositRepository, ReportState, SightingNews } from './repository.js';

type Deps = { db: Db; events: UserEvents; repository: DepositRepository; confirmations: number };

/** At most so many reports are checked per scanner pass: confirming ones, and due ones the node has never seen. */
export const REPORTS_PER_PASS = { confirming: 50, unseen: 20 } as const;

/** What a depositor is told on their event stream: each confirmation of a report, then the credit. */
export function createDepositNews({ db, events, repository, confirmations }: Deps) {
  return {
    /** In the transaction of the credit. */
    credited: (trx: Executor, userId: string, d: { asset: Asset; amount: string; txHash: string }) =>
      events.emit(trx, {
        userId,
        type: 'deposit',
        payload: {
          tx_hash: d.txHash,
          asset: d.asset,
          amount: d.amount,
          status: 'credited',
          confirmations,
          required_confirmations: confirmations,
        },
      }),

    /**
     * Deposits seen before their confirmations (decision 126): each first sighting and each
     * confirmation more (`confirming`), and one whose block was reorganised away (`pending`, 0): the
     * list shows it, counting up, or no longer. In the transaction that records them.
     */
    sighted: (trx: Executor, sightings: readonly SightingNews[], status: 'confirming' | 'pending') =>
      events.emit(
        trx,
        ...sightings.map((s) => ({
          userId: s.user_id,
          type: 'deposit' as const,
          payload: {
            tx_hash: s.tx_hash,
            asset: s.asset,
            amount: s.amount,
            status,
            confirmations: s.confirmations,
            required_confirmations: confirmations,
          },
        })),
      ),

    /** Saves a report's latest check and, when what the user sees changed, tells them (a credit tells itself). */
    async saveReport(user: { id: string }, asset: Asset, txHash: string, state: ReportState): Promise<void> {
      await transaction(db, async (trx) => {
        const changed = await repository.saveReport(trx, user.id, asset, txHash, state);
        if (!changed || state.status === 'credited') return;
        await events.emit(trx, {
          userId: user.id,
          type: 'deposit',
          payload: {
            tx_hash: txHash,
            asset,
            amount: state.amount ?? null,
            status: state.status,
            confirmations: state.confirmations,
            required_confirmations: confirmations,
          },
        });
      });
    },

    /**
     * The reports of the last hour the chain has not settled, checked again when due (each scanner
     * pass): a user watching sees the confirmations count up, and the credit, without asking. A hash
     * the node has never seen backs off (decision 124), so made-up ones cost few RPC calls.
     */
    async refreshOpenReports(
      check: (user: { id: string; address: string }, asset: Asset, txHash: Hex) => Promise<ReportState>,
    ): Promise<void> {
      for (const report of await repository.openReports(db, REPORTS_PER_PASS)) {
        try {
          const user = { id: report.user_id, address: report.address };
          await this.saveReport(
            user,
            report.asset,
            report.tx_hash,
            await check(user, report.asset, report.tx_hash as Hex),
          );
        } catch {
          // A node that fails now is asked again next pass; the user's own poll still works.
        }
      }
    },
  };
}
