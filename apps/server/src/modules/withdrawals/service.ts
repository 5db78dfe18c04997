import type {
  Asset,
  Page,
  ProposalKind,
  Withdrawal,
  WithdrawalConfig,
  WithdrawalRequest,
  WithdrawalReview,
} from '@wallx/shared';
import type { AssetLimits } from '../../platform/config/config.js';
import type { Db, Executor } from '../../platform/db/database.js';
import { transaction } from '../../platform/db/transaction.js';
import type { FundPasswords } from '../../kernel/fund-password/fund-password.js';
import { refuseOwnUser } from '../../kernel/audit/own-account.js';
import { AppError } from '../../platform/errors/app-error.js';
import type { Idempotency } from '../../kernel/idempotency/idempotency.js';
import type { MoneySettings } from '../../kernel/money-settings/money-settings.js';
import { pageById, type PageQuery } from '../../platform/pagination/page.js';
import type { UserRepository } from '../../kernel/users/repository.js';
import type { DecisionHandler } from '../../kernel/money-decisions/decision-handler.js';
import type { PayoutWorker } from './payout-worker.js';
import { units, type WithdrawalPostings } from './postings.js';
import type { WithdrawalRepository, WithdrawalRow } from './repository.js';

const toWithdrawal = (r: WithdrawalRow): Withdrawal => ({
  id: r.id,
  asset: r.asset,
  amount: r.amount,
  fee: r.fee,
  to_address: r.to_address,
  // A payout held for an operator is, to its owner, still being processed.
  status: r.status === 'held' ? 'processing' : (r.status as Withdrawal['status']),
  tx_hash: r.tx_hash,
  created_at: r.created_at.toISOString(),
  updated_at: r.updated_at.toISOString(),
});

/** The reason a withdrawal its owner cancelled carries; it also tells a repeated cancel from a refused one. */
export const CANCELLED_BY_OWNER = 'cancelled by its owner while awaiting review';

type WithdrawalDecision = Extract<ProposalKind, `withdrawal.${string}`>;

type Deps = {
  db: Db;
  /** The limits in force (decision 58): read once per request, so one request never mixes two versions. */
  settings: Pick<MoneySettings, 'withdrawLimits'>;
  users: UserRepository;
  fundPasswords: FundPasswords;
  idempotency: Idempotency;
  repository: WithdrawalRepository;
  postings: WithdrawalPostings;
  /** How long a review usually takes (WITHDRAW_REVIEW_HOURS), told to the user before Confirm. */
  reviewHours: number;
};

/** WITHDRAW_REVIEW_HOURS's default, for apps built without the full configuration (tests). */
export const DEFAULT_WITHDRAW_REVIEW_HOURS = 24;

/**
 * Withdrawals: the amount and fee leave the balance at once (ledger); the payout worker
 * (`payout-worker.ts`) pays them from the hot wallet. Some wait for an operator's review first; a
 * withdrawal an operator rejects is refunded in full.
 */
export function createWithdrawals({
  db,
  settings,
  users,
  fundPasswords,
  idempotency,
  repository,
  postings,
  reviewHours,
}: Deps) {
  /**
   * Why this withdrawal must wait for an operator, if it must. Splitting cannot beat the threshold:
   * it applies to the user's last 24 hours together; and past the platform's hourly cap nothing more
   * leaves without review. Called under the asset's lock, so concurrent requests see each other.
   */
  async function reviewReasonFor(
    trx: Executor,
    limits: AssetLimits,
    userId: string,
    asset: Asset,
    amount: bigint,
  ): Promise<'amount' | 'daily_total' | 'hourly_cap' | null> {
    if (amount > units(limits.reviewAbove)) return 'amount';
    const { userDay, platformHour } = await repository.recentTotals(trx, userId, asset);
    if (units(userDay) + amount > units(limits.reviewAbove)) return 'daily_total';
    if (units(platformHour) + amount > units(limits.hourlyCap)) return 'hourly_cap';
    return null;
  }

  return {
    async config(): Promise<WithdrawalConfig> {
      const [usdt, wallx] = [await settings.withdrawLimits(db, 'USDT'), await settings.withdrawLimits(db, 'WALLX')];
      return {
        USDT: { min: usdt.min, fee: usdt.fee, review_above: usdt.reviewAbove },
        WALLX: { min: wallx.min, fee: wallx.fee, review_above: wallx.reviewAbove },
        review_hours: reviewHours,
      };
    },

    async request(
      user: { id: string; address: string },
      input: WithdrawalRequest,
      key: string | undefined,
    ): Promise<{ withdrawal: Withdrawal }> {
      const { fund_password, ...body } = input;
      const idem = { userId: user.id, key, scope: 'funds.withdraw', body };
      const earlier = await idempotency.previous<{ withdrawal: Withdrawal }>(idem);
      if (earlier) return earlier;

      const limits = await settings.withdrawLimits(db, input.asset);
      const amount = units(input.amount);
      if (amount % units('10') !== 0n) throw new AppError('withdrawal_not_multiple', { field: 'amount' });
      if (amount < units(limits.min)) throw new AppError('withdrawal_too_small', { field: 'amount' });
      const balances = await users.balances(db, user.id);
      const balance = units(input.asset === 'USDT' ? balances.usdt : balances.wallx);
      if (balance < amount)
        throw new AppError(input.asset === 'USDT' ? 'insufficient_usdt' : 'insufficient_wallx', { field: 'amount' });
      if (balance < amount + units(limits.fee)) throw new AppError('insufficient_fee', { field: 'amount' });
      await fundPasswords.verify(user.id, fund_password);

      return idempotency.run(idem, async (trx) => {
        await repository.lockAsset(trx, input.asset);
        const reviewReason = await reviewReasonFor(trx, limits, user.id, input.asset, amount);
        const row = await repository.insert(trx, {
          userId: user.id,
          asset: input.asset,
          amount: input.amount,
          fee: limits.fee,
          toAddress: user.address,
          reviewReason,
        });
        await postings.debit(trx, row);
        return { withdrawal: toWithdrawal(row) };
      });
    },

    list(userId: string, query: PageQuery): Promise<Page<Withdrawal>> {
      return pageById(query, async (range) => (await repository.list(db, userId, range)).map(toWithdrawal));
    },

    /**
     * The owner takes back a withdrawal still awaiting review: amount and fee come back in the same
     * transaction that locks the row, so an operator's approval (which locks it too) and this cancel
     * are ordered and exactly one of them finds it still awaiting review. Someone else's is not found.
     */
    async cancel(user: { id: string }, id: string, key: string | undefined): Promise<{ withdrawal: Withdrawal }> {
      const idem = { userId: user.id, key, scope: 'funds.withdrawal.cancel', body: { id } };
      const earlier = await idempotency.previous<{ withdrawal: Withdrawal }>(idem);
      if (earlier) return earlier;
      return idempotency.run(idem, async (trx) => {
        const w = await repository.lock(trx, id);
        if (!w || w.user_id !== user.id) throw new AppError('withdrawal_not_found', { field: 'id' });
        // A repeat without a key (a retry after a lost answer) gets the same answer, not a second refund.
        if (w.status === 'refunded' && (await repository.failureReason(trx, id)) === CANCELLED_BY_OWNER)
          return { withdrawal: toWithdrawal(w) };
        if (w.status !== 'pending_review') throw new AppError('withdrawal_not_cancellable', { field: 'id' });
        await postings.refund(trx, w, 'refunded', CANCELLED_BY_OWNER);
        return { withdrawal: toWithdrawal((await repository.lock(trx, id))!) };
      });
    },

    /**
     * One operator's decision on a withdrawal waiting for review: a rejection, which refunds it.
     * Approving one, and any decision on a held payout, take two operators (a proposal, decision 80).
     */
    async review(operator: string, id: string, { decision, note }: WithdrawalReview): Promise<Withdrawal> {
      return transaction(db, async (trx) => {
        const w = await repository.lock(trx, id);
        if (!w) throw new AppError('withdrawal_not_found');
        if (w.status !== 'pending_review' && w.status !== 'held') throw new AppError('withdrawal_status_error');
        await refuseOwnUser(trx, operator, w.user_id, 'id');
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
          check: async (trx, subjectId) => ({ userId: (await check(trx, subjectId)).user_id }),
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
export type Withdrawals = ReturnType<typeof createWithdrawals>;
