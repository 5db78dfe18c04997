import {
  compare,
  minus,
  expiryMs,
  times,
  type MarketBuyRequest,
  type MtradeOrder,
  type MtradePublishRequest,
  type Page,
} from '@wallx/shared';
import type { Executor } from '../../platform/db/database.js';
import { AppError } from '../../platform/errors/app-error.js';
import { pageById } from '../../platform/pagination/page.js';
import type { Actor, MarketQuery, MarketsDeps, MineQuery, OrderFlow } from './order-flow.js';

/** Machine trade: a user's miner for USDT. */
export function createMtradeMarket(
  { db, ledger, miners, markets, fees, feeShare, now = Date.now }: MarketsDeps,
  { news, canBuy, refusal, marketPage, verifyThenRun }: OrderFlow,
) {
  return {
    /** Lists one of my off, non-gift miners; it becomes `selling` until the order ends. */
    async publishMtrade(
      seller: Actor,
      input: MtradePublishRequest,
      key: string | undefined,
    ): Promise<{ order: MtradeOrder }> {
      const { fund_password, ...body } = input;
      const { miner_id: minerId, expiry } = input;
      if (!minerId || !expiry) throw new AppError('sell_order_incomplete', { field: minerId ? 'expiry' : 'miner_id' });
      const check = async (ex: Executor) => {
        const miner = await miners.minerState(ex, seller.id, minerId);
        if (!miner) throw new AppError('miner_not_found', { field: 'miner_id' });
        if (miner.gift) throw new AppError('gift_not_transferable', { field: 'miner_id' });
        if (miner.claimed) throw new AppError('miner_claimed', { field: 'miner_id' });
        if (miner.state !== 'off')
          throw new AppError(
            miner.state === 'on' ? 'miner_is_on' : miner.state === 'selling' ? 'miner_is_selling' : 'miner_is_expired',
            { field: 'miner_id' },
          );
      };
      return verifyThenRun(seller, 'mtrade.publish', body, fund_password, key, check, async (trx) => {
        if (!(await miners.putOnSale(trx, seller.id, minerId))) {
          await check(trx);
          throw new AppError('order_status_error');
        }
        const id = await markets.insertMtradeOrder(trx, {
          sellerId: seller.id,
          minerId,
          unitPrice: input.unit_price,
          fee: times(input.unit_price, (await fees.marketFees(trx)).mtradeFeeRate),
          expiry,
          expiresAt: new Date(now() + expiryMs[expiry]),
        });
        return { order: (await markets.mtradeOrder(trx, id))! };
      });
    },

    async mtradeMarket(viewer: Actor, q: MarketQuery): Promise<Page<MtradeOrder>> {
      return marketPage(await markets.mtradeMarket(db, viewer.id, q), q);
    },

    async mtradeMine(user: Actor, q: MineQuery): Promise<Page<MtradeOrder>> {
      return pageById(q, (range) => markets.mtradeMine(db, user.id, { role: q.role, ...range }));
    },

    /**
     * The buyer pays the price to the seller, the seller pays the fee to the platform, the miner
     * changes hands and is off again — all in one transaction, after the order row is taken.
     */
    async buyMtrade(
      buyer: Actor,
      id: string,
      input: MarketBuyRequest,
      key: string | undefined,
    ): Promise<{ order: MtradeOrder }> {
      return verifyThenRun(
        buyer,
        'mtrade.buy',
        { id },
        input.fund_password,
        key,
        (ex) => canBuy(ex, 'mtrade_orders', id, buyer.id),
        async (trx) => {
          const filled = await markets.fill(trx, 'mtrade_orders', id, buyer.id);
          if (!filled) throw await refusal(trx, 'mtrade_orders', id, buyer.id, 'buy');
          const ref = { type: 'mtrade_order', id };
          await ledger.post(trx, {
            debit: { user: buyer.id },
            credit: { user: filled.seller_id },
            asset: 'USDT',
            amount: filled.unit_price,
            type: { debit: 'mtrade_buy', credit: 'mtrade_sell' },
            ref,
          });
          if (compare(filled.fee, '0') > 0) {
            await ledger.post(trx, {
              debit: { user: filled.seller_id },
              credit: { platform: 'fees' },
              asset: 'USDT',
              amount: filled.fee,
              type: 'mtrade_fee',
              ref,
            });
            await feeShare.take(trx, { asset: 'USDT', amount: filled.fee, ref });
          }
          if (!(await miners.takeOffSale(trx, filled.miner_id!, buyer.id)))
            throw new Error(`mtrade order ${id}: its miner was not selling`);
          const order = (await markets.mtradeOrder(trx, id))!;
          await news.ended(trx, 'mtrade', 'filled', [
            {
              sellerId: filled.seller_id,
              id,
              minerNo: order.machine_no,
              asset: 'USDT',
              amount: minus(filled.unit_price, filled.fee),
            },
          ]);
          return { order };
        },
      );
    },

    async cancelMtrade(seller: Actor, id: string, key: string | undefined): Promise<{ order: MtradeOrder }> {
      return verifyThenRun(
        seller,
        'mtrade.cancel',
        { id },
        null,
        key,
        async () => undefined,
        async (trx) => {
          const cancelled = await markets.cancel(trx, 'mtrade_orders', id, seller.id);
          if (!cancelled) throw await refusal(trx, 'mtrade_orders', id, seller.id, 'cancel');
          await miners.takeOffSale(trx, cancelled.miner_id!);
          return { order: (await markets.mtradeOrder(trx, id))! };
        },
      );
    },
  };
}
