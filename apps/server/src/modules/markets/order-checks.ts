import { compare } from '@wallx/shared';
import type { Executor } from '../../platform/db/database.js';
import { AppError } from '../../platform/errors/app-error.js';
import type { UserRepository } from '../../kernel/users/repository.js';
import type { MarketsRepository, MarketTable } from './repository.js';

/** Why an order cannot be bought or cancelled, found before the slow fund-password check or after a lost race. */
export function createOrderChecks({ markets, users }: { markets: MarketsRepository; users: UserRepository }) {
  /**
   * Before the fund password is checked (Argon2 is the slow part): the order can be bought by this
   * buyer and the buyer holds its price. The fill itself decides; this only spares a hopeless request.
   */
  async function canBuy(ex: Executor, table: MarketTable, id: string, buyerId: string): Promise<void> {
    const order = await markets.orderState(ex, table, id);
    if (!order || order.status !== 'pending' || order.expired || order.seller_id === buyerId)
      throw await refusal(ex, table, id, buyerId, 'buy');
    const { usdt } = await users.balances(ex, buyerId);
    if (compare(usdt, order.cost) < 0) throw new AppError('insufficient_usdt');
  }

  /** The reason an order could not be bought or cancelled by `userId`. */
  async function refusal(
    ex: Executor,
    table: MarketTable,
    id: string,
    userId: string,
    action: 'buy' | 'cancel',
  ): Promise<AppError> {
    const order = await markets.orderState(ex, table, id);
    if (!order) return new AppError('order_not_found');
    if (action === 'cancel' && order.seller_id !== userId) return new AppError('order_not_found');
    if (action === 'buy' && order.seller_id === userId) return new AppError('own_order');
    return new AppError('order_status_error');
  }

  return { canBuy, refusal };
}
