import {
  compare,
  expiryMs,
  times,
  type C2cOrder,
  type C2cPublishRequest,
  type MarketBuyRequest,
  type Page,
} from '@wallx/shared';
import type { Executor } from '../../platform/db/database.js';
import { AppError, isAppError } from '../../platform/errors/app-error.js';
import { pageById } from '../../platform/pagination/page.js';
import type { Actor, MarketQuery, MarketsDeps, MineQuery, OrderFlow } from './order-flow.js';

/** C2C: WALLX for USDT. */
export function createC2cMarket(
  { db, ledger, markets, fees, feeShare, now = Date.now }: MarketsDeps,
  { news, canBuy, refusal, marketPage, verifyThenRun, release }: OrderFlow,
) {
  return {
    /** Puts amount and fee (WALLX) in escrow and lists the order; one pending order per seller. */
    async publishC2c(seller: Actor, input: C2cPublishRequest, key: string | undefined): Promise<{ order: C2cOrder }> {
      const { fund_password, ...body } = input;
      const check = async (ex: Executor) => {
        if (await markets.hasPendingC2c(ex, seller.id)) throw new AppError('unfinished_order');
      };
      return verifyThenRun(seller, 'c2c.publish', body, fund_password, key, check, async (trx) => {
        const fee = times(input.amount, (await fees.marketFees(trx)).c2cFeeRate);
        let id: string;
        try {
          id = await markets.insertC2cOrder(trx, {
            sellerId: seller.id,
            amount: input.amount,
            unitPrice: input.unit_price,
            total: times(input.amount, input.unit_price),
            fee,
            expiry: input.expiry,
            expiresAt: new Date(now() + expiryMs[input.expiry]),
          });
        } catch (error) {
          // Two publishes racing: the database's one-pending-order index refuses the second.
          if ((error as { code?: string }).code === '23505') throw new AppError('unfinished_order', { cause: error });
          throw error;
        }
        const ref = { type: 'c2c_order', id };
        await ledger.post(trx, {
          debit: { user: seller.id },
          credit: { platform: 'escrow' },
          asset: 'WALLX',
          amount: input.amount,
          type: 'c2c_escrow',
          ref,
        });
        if (compare(fee, '0') > 0) {
          try {
            await ledger.post(trx, {
              debit: { user: seller.id },
              credit: { platform: 'escrow' },
              asset: 'WALLX',
              amount: fee,
              type: 'c2c_fee',
              ref,
            });
          } catch (error) {
            if (isAppError(error) && error.key === 'insufficient_wallx')
              throw new AppError('insufficient_fee', { cause: error });
            throw error;
          }
        }
        return { order: (await markets.c2cOrder(trx, id))! };
      });
    },

    async c2cMarket(viewer: Actor, q: MarketQuery): Promise<Page<C2cOrder>> {
      return marketPage(await markets.c2cMarket(db, viewer.id, q), q);
    },

    async c2cMine(user: Actor, q: MineQuery): Promise<Page<C2cOrder>> {
      return pageById(q, (range) => markets.c2cMine(db, user.id, { role: q.role, ...range }));
    },

    /** The buyer pays amount × price USDT to the seller and receives the WALLX from escrow; the fee goes to the platform. */
    async buyC2c(
      buyer: Actor,
      id: string,
      input: MarketBuyRequest,
      key: string | undefined,
    ): Promise<{ order: C2cOrder }> {
      return verifyThenRun(
        buyer,
        'c2c.buy',
        { id },
        input.fund_password,
        key,
        (ex) => canBuy(ex, 'c2c_orders', id, buyer.id),
        async (trx) => {
          const filled = await markets.fill(trx, 'c2c_orders', id, buyer.id);
          if (!filled) throw await refusal(trx, 'c2c_orders', id, buyer.id, 'buy');
          const ref = { type: 'c2c_order', id };
          const amount = filled.amount!;
          await ledger.post(trx, {
            debit: { user: buyer.id },
            credit: { user: filled.seller_id },
            asset: 'USDT',
            amount: filled.total!,
            type: { debit: 'c2c_buy', credit: 'c2c_sell' },
            ref,
          });
          await ledger.post(trx, {
            debit: { platform: 'escrow' },
            credit: { user: buyer.id },
            asset: 'WALLX',
            amount,
            type: 'c2c_buy',
            ref,
          });
          if (compare(filled.fee, '0') > 0) {
            await ledger.post(trx, {
              debit: { platform: 'escrow' },
              credit: { platform: 'fees' },
              asset: 'WALLX',
              amount: filled.fee,
              type: 'c2c_fee',
              ref,
            });
            await feeShare.take(trx, { asset: 'WALLX', amount: filled.fee, ref });
          }
          await news.ended(trx, 'c2c', 'filled', [
            { sellerId: filled.seller_id, id, asset: 'USDT', amount: filled.total! },
          ]);
          return { order: (await markets.c2cOrder(trx, id))! };
        },
      );
    },

    async cancelC2c(seller: Actor, id: string, key: string | undefined): Promise<{ order: C2cOrder }> {
      return verifyThenRun(
        seller,
        'c2c.cancel',
        { id },
        null,
        key,
        async () => undefined,
        async (trx) => {
          const cancelled = await markets.cancel(trx, 'c2c_orders', id, seller.id);
          if (!cancelled) throw await refusal(trx, 'c2c_orders', id, seller.id, 'cancel');
          await release(trx, seller.id, id, cancelled.amount!, cancelled.fee!);
          return { order: (await markets.c2cOrder(trx, id))! };
        },
      );
    },
  };
}
