import type { C2cOrder, Market, MtradeOrder, OperatorOrdersQuery, Page } from '@wallx/shared';
import { recordAudit } from '../../kernel/audit/audit.js';
import { refuseOwnUser } from '../../kernel/audit/own-account.js';
import type { Db, Trx } from '../../platform/db/database.js';
import { AppError } from '../../platform/errors/app-error.js';
import { pageById } from '../../platform/pagination/page.js';
import type { UserEvents } from '../../kernel/user-events/user-events.js';
import type { Ledger } from '../../kernel/ledger/ledger.js';
import { releaseEscrow } from './escrow.js';
import { createMarketEvents } from './market-events.js';
import type { MarketsRepository, MarketTable } from './repository.js';
import type { MinerSales } from './ports.js';

type Deps = {
  db: Db;
  ledger: Ledger;
  events: UserEvents;
  miners: Pick<MinerSales, 'takeOffSale'>;
  markets: MarketsRepository;
};

const tableOf: Record<Market, MarketTable> = { mtrade: 'mtrade_orders', c2c: 'c2c_orders' };
type Cancelled = NonNullable<Awaited<ReturnType<MarketsRepository['cancelByOperator']>>>;

/** The console's view of both markets: every order, and a cancel with the same effect as the seller's. */
export function createMarketOperations({ db, ledger, events, miners, markets }: Deps) {
  const news = createMarketEvents(events);
  const orderOf = (trx: Trx, market: Market, id: string): Promise<MtradeOrder | C2cOrder | undefined> =>
    market === 'mtrade' ? markets.mtradeOrder(trx, id) : markets.c2cOrder(trx, id);

  /** What the seller's cancel does after the order is taken: the miner off again, or the escrow back; audited. */
  async function release(
    trx: Trx,
    operator: string,
    market: Market,
    id: string,
    cancelled: Cancelled,
    reason: string,
  ): Promise<MtradeOrder | C2cOrder> {
    if (market === 'mtrade') await miners.takeOffSale(trx, cancelled.miner_id!);
    else
      await releaseEscrow(ledger, trx, {
        sellerId: cancelled.seller_id,
        orderId: id,
        amount: cancelled.amount!,
        fee: cancelled.fee!,
      });
    const order = (await orderOf(trx, market, id))!;
    // The seller is told why; every viewer's list drops the order.
    await news.ended(trx, market, 'cancelled', [
      {
        sellerId: cancelled.seller_id,
        id,
        reason,
        minerNo: 'machine_no' in order ? order.machine_no : null,
        ...(market === 'c2c' ? { asset: 'WALLX' as const, amount: cancelled.amount } : {}),
      },
    ]);
    await recordAudit(trx, {
      operator,
      action: 'market_order.cancel',
      subjectType: `${market}_order`,
      subjectId: id,
      before: { status: 'pending', seller: order.seller },
      after: { status: order.status, reason },
    });
    return order;
  }

  return {
    mtradeOrders(query: OperatorOrdersQuery): Promise<Page<MtradeOrder>> {
      return pageById(query, (range) => markets.mtradeAll(db, query, range));
    },

    c2cOrders(query: OperatorOrdersQuery): Promise<Page<C2cOrder>> {
      return pageById(query, (range) => markets.c2cAll(db, query, range));
    },

    /**
     * pending → cancelled, in one transaction with what the seller's cancel does: the miner is off
     * again, or the escrowed WALLX and fee go back to the seller. The reason is the order's note (the
     * seller sees it) and the audit row's. Anything but a pending order is refused, moving nothing.
     */
    async cancel(operator: string, market: Market, id: string, reason: string): Promise<MtradeOrder | C2cOrder> {
      const table = tableOf[market];
      const order = await db.transaction().execute(async (trx) => {
        const cancelled = await markets.cancelByOperator(trx, table, id, reason);
        if (!cancelled) {
          const state = await markets.orderState(trx, table, id);
          throw state
            ? new AppError('market_order_not_pending', { field: 'id' })
            : new AppError('order_not_found', { field: 'id' });
        }
        // Refused after the update: the rollback undoes it, and the order's state is read once.
        await refuseOwnUser(trx, operator, cancelled.seller_id, 'id');
        return release(trx, operator, market, id, cancelled, reason);
      });
      await news.changed(db, market, id);
      return order;
    },

    /**
     * Withdraws every pending order of a seller being frozen, in the freeze's transaction: a frozen
     * account cannot transact, so nobody may buy from it either. All the orders are taken first and
     * released after, so a buyer already filling one finishes (it needs the seller's accounts, which
     * this has not locked yet) and that order is simply no longer pending. Returns how many it withdrew.
     */
    async withdrawAllOf(trx: Trx, operator: string, sellerId: string, reason: string): Promise<number> {
      const taken: Array<{ market: Market; id: string; cancelled: Cancelled }> = [];
      for (const market of ['mtrade', 'c2c'] as const) {
        for (const id of await markets.pendingIdsOf(trx, tableOf[market], sellerId)) {
          const cancelled = await markets.cancelByOperator(trx, tableOf[market], id, reason);
          if (cancelled) taken.push({ market, id, cancelled });
        }
      }
      for (const { market, id, cancelled } of taken) await release(trx, operator, market, id, cancelled, reason);
      return taken.length;
    },
  };
}
export type MarketOperations = ReturnType<typeof createMarketOperations>;
