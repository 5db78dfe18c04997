import type { ProposalKind, Withdrawal, WithdrawalReview } from '@wallx/shared';
import type { Executor } from '../../platform/db/database.js';
import { transaction } from '../../platform/db/transaction.js';
import { refuseOwnUser } from '../../kernel/audit/own-account.js';
import { AppError } from '../../platform/errors/app-error.js';
import type { DecisionHandler } from '../../kernel/money-decisions/decision-handler.js';
import type { PayoutWorker } from './payout-worker.js';
import type { WithdrawalsDeps } from './service-deps.js';
import { toWithdrawal } from './withdrawal-view.js';

type WithdrawalDecision = Extract<ProposalKind, `withdrawal.${string}`>;

/** Operators decide on a withdrawal awaiting review or a held payout: one alone rejects, two (a proposal) approve. */
export function createWithdrawalReviews({ db, repository, postings }: WithdrawalsDeps) {
  return {
    /**
     * One operator's decision on a withdrawal waiting for review: a rejection, which refunds it.
     * Approving one, and any decision on a held payout, take two operators (a proposal, decision 80).
     */
    async review(operator: string, id: string, { decision, note }: WithdrawalReview): Promise<Withdrawal> {
      return transaction(db, async (trx) => {
        const w = await repository.lock(trx, id);
        if (!w) throw new AppError('withdrawal_not_found');
        if (w.status !== 'pending_review' && w.status !== 'held') throw new AppError('withdrawal_status_error');
        // A grant's payout has no user: no operator's own account is at stake.
        if (w.user_id !== null) await refuseOwnUser(trx, operator, w.user_id, 'id');
        if (decision === 'approve' || w.status === 'held')
          throw new AppError('proposal_required', { field: 'decision' });
        await postings.refund(trx, w, 'rejected', `rejected by operator: ${note}`);
        const after = (await repository.lock(trx, id))!;
        await repository.audit(trx, {
          operator,
          action: `withdrawal.${decision}`,
          withdrawalId: id,
          detail: {
            before: { status: w.status, amount: w.amount, fee: w.fee, asset: w.asset },
            after: { status: after.status },
            note: note ?? null,
          },
        });
        return toWithdrawal(after);
      });
    },

    /**
     * What the two proposals about a withdrawal decide (decision 80): approving one awaiting review or
     * held (paid anew at a new nonce), and rejecting a held one (refunded). A held payout's decision
     * takes effect only when the chain, asked again at that moment, shows it was not paid.
     */
    proposalHandlers(payouts: Pick<PayoutWorker, 'recheckHeld'>): Record<WithdrawalDecision, DecisionHandler> {
      const decidable = { 'withdrawal.approve': ['pending_review', 'held'], 'withdrawal.reject': ['held'] } as const;
      const handler = (kind: WithdrawalDecision): DecisionHandler => {
        const check = async (trx: Executor, subjectId: string) => {
          const w = await repository.lock(trx, subjectId);
          if (!w) throw new AppError('withdrawal_not_found', { field: 'subject_id' });
          if (!(decidable[kind] as readonly string[]).includes(w.status))
            throw new AppError('withdrawal_status_error', { field: 'subject_id' });
          return w;
        };
        return {
          subjectType: 'withdrawal',
          check: async (trx, subjectId) => ({ userId: (await check(trx, subjectId)).user_id ?? undefined }),
          async precheck(subjectId) {
            if ((await repository.one(db, subjectId))?.status !== 'held') return;
            const verdict = await payouts.recheckHeld(subjectId);
            if (verdict === 'paid') throw new AppError('payout_was_paid', { field: 'id' });
            if (verdict === 'undetermined') throw new AppError('payout_undetermined', { field: 'id' });
          },
          async execute(trx, operator, proposal) {
            const w = await check(trx, proposal.subject_id);
            if (kind === 'withdrawal.approve') await repository.requeue(trx, w.id);
            else await postings.refund(trx, w, 'rejected', `rejected by operator: ${proposal.reason}`);
            const after = (await repository.lock(trx, w.id))!;
            await repository.audit(trx, {
              operator,
              action: kind,
              withdrawalId: w.id,
              detail: {
                before: { status: w.status, amount: w.amount, fee: w.fee, asset: w.asset },
                after: { status: after.status },
                note: proposal.reason,
                proposal: proposal.id,
                proposed_by: proposal.proposed_by,
              },
            });
          },
        };
      };
      return { 'withdrawal.approve': handler('withdrawal.approve'), 'withdrawal.reject': handler('withdrawal.reject') };
    },
  };
}
