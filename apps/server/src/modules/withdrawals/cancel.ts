import type { Withdrawal } from '@wallx/shared';
import { AppError } from '../../platform/errors/app-error.js';
import type { WithdrawalsDeps } from './service-deps.js';
import { toWithdrawal } from './withdrawal-view.js';

/** The reason a withdrawal its owner cancelled carries; it also tells a repeated cancel from a refused one. */
export const CANCELLED_BY_OWNER = 'cancelled by its owner while awaiting review';

/** The owner takes back a withdrawal still awaiting review. */
export function createWithdrawalCancel({ idempotency, repository, postings }: WithdrawalsDeps) {
  return {
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
  };
}
