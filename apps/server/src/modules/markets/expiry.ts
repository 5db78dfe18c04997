import type { MarketsDeps, OrderFlow } from './order-flow.js';

/** The expiry sweeper of both markets. */
export function createMarketExpiry({ db, miners, markets }: MarketsDeps, { news, release }: OrderFlow) {
  return {
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
}
