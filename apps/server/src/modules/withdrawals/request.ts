import type { Asset, Page, Withdrawal, WithdrawalConfig, WithdrawalRequest } from '@wallx/shared';
import type { AssetLimits } from '../../platform/config/config.js';
import type { Executor } from '../../platform/db/database.js';
import { AppError } from '../../platform/errors/app-error.js';
import { pageById, type PageQuery } from '../../platform/pagination/page.js';
import { units } from './postings.js';
import type { WithdrawalsDeps } from './service-deps.js';
import { toWithdrawal } from './withdrawal-view.js';

/** A user asks for a withdrawal (and sees the limits before, the list after). */
export function createWithdrawalRequests({
  db,
  settings,
  users,
  fundPasswords,
  idempotency,
  repository,
  postings,
  reviewHours,
}: WithdrawalsDeps) {
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
        await postings.debit(trx, { ...row, user_id: user.id });
        return { withdrawal: toWithdrawal(row) };
      });
    },

    list(userId: string, query: PageQuery): Promise<Page<Withdrawal>> {
      return pageById(query, async (range) => (await repository.list(db, userId, range)).map(toWithdrawal));
    },
  };
}
