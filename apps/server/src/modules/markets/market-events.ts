import { plus, type Market } from '@wallx/shared';
import type { Executor } from '../../platform/db/database.js';
import type { UserEvents } from '../../kernel/user-events/user-events.js';

type OrderNews = {
  sellerId: string;
  id: string;
  minerNo?: string | null;
  /** What the seller received (filled) or got back from escrow (c2c, cancelled or expired). */
  asset?: 'USDT' | 'WALLX' | null;
  amount?: string | null;
  reason?: string | null;
};

/**
 * What the markets tell: the seller, that their order filled, expired or was cancelled by an
 * operator (in the transaction of the change); every viewer, that a list changed (the stream's
 * `market` message, after the commit).
 */
export function createMarketEvents(events: UserEvents) {
  const tell = (trx: Executor, market: Market, status: 'filled' | 'expired' | 'cancelled', orders: OrderNews[]) =>
    events.emit(
      trx,
      ...orders.map((o) => ({
        userId: o.sellerId,
        type: 'order' as const,
        payload: {
          market,
          id: o.id,
          status,
          reason: o.reason ?? null,
          miner_no: o.minerNo ?? null,
          asset: o.asset ?? null,
          // As the API writes amounts: no trailing zeros (NUMERIC columns keep their scale).
          amount: o.amount == null ? null : plus(o.amount, '0'),
        },
      })),
    );
  return {
    /**
     * After the change has committed (never inside it: see marketChanged). Best effort: a list that
     * misses it is reloaded when its stream reconnects or its screen opens again.
     */
    async changed(db: Executor, market: Market, id: string): Promise<void> {
      await events.marketChanged(db, { market, id }).catch(() => undefined);
    },
    async ended(trx: Executor, market: Market, status: 'filled' | 'expired' | 'cancelled', orders: OrderNews[]) {
      if (orders.length > 0) await tell(trx, market, status, orders);
    },
  };
}
export type MarketEvents = ReturnType<typeof createMarketEvents>;
