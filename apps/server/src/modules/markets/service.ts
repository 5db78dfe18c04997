import {
  compare,
  minus,
  expiryMs,
  times,
  type C2cOrder,
  type C2cPublishRequest,
  type MarketBuyRequest,
  type MarketConfig,
  type MarketSort,
  type MtradeOrder,
  type MtradePublishRequest,
  type Page,
} from '@wallx/shared';
import type { Db, Executor, Trx } from '../../platform/db/database.js';
import type { FundPasswords } from '../../kernel/fund-password/fund-password.js';
import { AppError, isAppError } from '../../platform/errors/app-error.js';
import type { Idempotency } from '../../kernel/idempotency/idempotency.js';
import { pageById, toPage, type PageQuery } from '../../platform/pagination/page.js';
import type { UserRepository } from '../../kernel/users/repository.js';
import type { UserEvents } from '../../kernel/user-events/user-events.js';
import type { Ledger } from '../../kernel/ledger/ledger.js';
import { releaseEscrow } from './escrow.js';
import { createMarketEvents } from './market-events.js';
import { createOrderChecks } from './order-checks.js';
import type { MarketFeeSource, MinerSales } from './ports.js';
import { cursorAfter, type MarketsRepository } from './repository.js';

type Deps = {
  db: Db;
  ledger: Ledger;
  events: UserEvents;
  miners: MinerSales;
  markets: MarketsRepository;
  users: UserRepository;
  fundPasswords: FundPasswords;
  idempotency: Idempotency;
  fees: MarketFeeSource;
  now?: () => number;
};

type Actor = { id: string };
type MarketQuery = PageQuery & { sort: MarketSort };
type MineQuery = PageQuery & { role: 'sell' | 'buy' };

export function createMarketsService({
  db,
  ledger,
  events,
  miners,
  markets,
  users,
  fundPasswords,
  idempotency,
  fees,
  now = Date.now,
}: Deps) {
  const news = createMarketEvents(events);
  const { canBuy, refusal } = createOrderChecks({ markets, users });
  /** The open orders page by keyset on the chosen sort; the user's own orders by id. */
  function marketPage<T extends { id: string; expires_at: string; unit_price: string }>(
    items: T[],
    q: MarketQuery,
  ): Page<T> {
    return toPage(items, q.limit, (last) => cursorAfter(q.sort, last));
  }

  /**
   * `check` runs first on its own and, when the work finds the state changed under it, again inside
   * the transaction (on `trx`: PGlite has one session, which the transaction holds).
   */
  async function verifyThenRun<T extends { order: { id: string } }>(
    actor: Actor,
    scope: string,
    body: object,
    fundPassword: string | null,
    key: string | undefined,
    check: (ex: Executor) => Promise<void>,
    work: (trx: Trx) => Promise<T>,
  ) {
    const idem = { userId: actor.id, key, scope, body };
    const earlier = await idempotency.previous<T>(idem);
    if (earlier) return earlier;
    await check(db);
    if (fundPassword !== null) await fundPasswords.verify(actor.id, fundPassword);
    const result = await idempotency.run(idem, work);
    // After the commit: a NOTIFY inside it would hold a database-wide lock through the commit.
    await news.changed(db, scope.startsWith('c2c') ? 'c2c' : 'mtrade', result.order.id);
    return result;
  }

  return {
    async config(): Promise<MarketConfig> {
      const rates = await fees.marketFees(db);
      return { mtrade_fee_rate: rates.mtradeFeeRate, c2c_fee_rate: rates.c2cFeeRate };
    },

    // Machine trade

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

    // C2C: WALLX for USDT

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

    /**
     * The sweeper: cancels pending orders past their expiry, returning miners to `off` and C2C
     * escrow to the seller. Batches skip rows in use, so instances and buyers never block each other.
     */
    async expireOnce(batch = 200): Promise<{ mtrade: number; c2c: number }> {
      const mtrade = await db.transaction().execute(async (trx) => {
        const rows = await markets.expire(trx, 'mtrade_orders', batch);
        for (const row of rows) await miners.takeOffSale(trx, row.miner_id!);
        await news.ended(
          trx,
          'mtrade',
          'expired',
          rows.map((row) => ({ sellerId: row.seller_id, id: row.id })),
        );
        return rows.length;
      });
      const c2c = await db.transaction().execute(async (trx) => {
        const rows = await markets.expire(trx, 'c2c_orders', batch);
        for (const row of rows) await release(trx, row.seller_id, row.id, row.amount!, row.fee!);
        await news.ended(
          trx,
          'c2c',
          'expired',
          rows.map((row) => ({ sellerId: row.seller_id, id: row.id, asset: 'WALLX' as const, amount: row.amount })),
        );
        return rows.length;
      });
      if (mtrade > 0) await news.changed(db, 'mtrade', '');
      if (c2c > 0) await news.changed(db, 'c2c', '');
      return { mtrade, c2c };
    },
  };

  async function release(trx: Executor, sellerId: string, orderId: string, amount: string, fee: string) {
    await releaseEscrow(ledger, trx, { sellerId, orderId, amount, fee });
  }
}
export type MarketsService = ReturnType<typeof createMarketsService>;
