import { sql } from 'kysely';
import type { OrderExpiry } from '@wallx/shared';
import type { Executor } from '../../platform/db/database.js';
import type { MarketTable } from './order-reads.js';

/** The orders' changes of status: listing, filling, cancelling and expiring them, and what a refusal reads. */
export function createOrderChanges() {
  return {
    async insertMtradeOrder(
      db: Executor,
      o: { sellerId: string; minerId: string; unitPrice: string; fee: string; expiry: OrderExpiry; expiresAt: Date },
    ): Promise<string> {
      const { rows } = await sql<{ id: string }>`
        insert into mtrade_orders (seller_id, miner_id, unit_price, fee, expiry, expires_at)
        values (${o.sellerId}, ${o.minerId}, ${o.unitPrice}::numeric, ${o.fee}::numeric, ${o.expiry}, ${o.expiresAt})
        returning id::text as id`.execute(db);
      return rows[0]!.id;
    },

    async insertC2cOrder(
      db: Executor,
      o: {
        sellerId: string;
        amount: string;
        unitPrice: string;
        total: string;
        fee: string;
        expiry: OrderExpiry;
        expiresAt: Date;
      },
    ): Promise<string> {
      const { rows } = await sql<{ id: string }>`
        insert into c2c_orders (seller_id, amount, unit_price, total, fee, expiry, expires_at)
        values (${o.sellerId}, ${o.amount}::numeric, ${o.unitPrice}::numeric, ${o.total}::numeric, ${o.fee}::numeric, ${o.expiry}, ${o.expiresAt})
        returning id::text as id`.execute(db);
      return rows[0]!.id;
    },

    /**
     * pending → filled for a buyer who is not the seller, while unexpired. One UPDATE: of many
     * buyers racing, the first takes the row and the rest find it no longer pending.
     */
    async fill(db: Executor, table: MarketTable, id: string, buyerId: string) {
      const { rows } = await sql<{
        seller_id: string;
        miner_id?: string;
        unit_price: string;
        fee: string;
        amount?: string;
        total?: string;
      }>`
        update ${sql.table(table)} set status = 'filled', buyer_id = ${buyerId}::bigint, filled_at = now()
        where id = ${id}::bigint and status = 'pending' and expires_at > now() and seller_id <> ${buyerId}::bigint
        returning seller_id::text as seller_id, ${table === 'mtrade_orders' ? sql`miner_id::text as miner_id,` : sql`amount::text as amount, total::text as total,`}
          unit_price::text as unit_price, fee::text as fee`.execute(db);
      return rows[0];
    },

    /** pending → cancelled by its seller. */
    async cancel(db: Executor, table: MarketTable, id: string, sellerId: string) {
      const { rows } = await sql<{ miner_id?: string; amount?: string; fee?: string }>`
        update ${sql.table(table)} set status = 'cancelled', cancelled_at = now(), cancel_reason = 'seller'
        where id = ${id}::bigint and status = 'pending' and seller_id = ${sellerId}::bigint
        returning ${table === 'mtrade_orders' ? sql`miner_id::text as miner_id` : sql`amount::text as amount, fee::text as fee`}`.execute(
        db,
      );
      return rows[0];
    },

    /**
     * pending → cancelled by an operator, whoever the seller, expired or not. The same single UPDATE
     * as a buyer's fill takes the row: of a buyer and an operator racing, exactly one changes it.
     */
    async cancelByOperator(db: Executor, table: MarketTable, id: string, note: string) {
      const { rows } = await sql<{ seller_id: string; miner_id?: string; amount?: string; fee?: string }>`
        update ${sql.table(table)} set status = 'cancelled', cancelled_at = now(), cancel_reason = 'operator', cancel_note = ${note}
        where id = ${id}::bigint and status = 'pending'
        returning seller_id::text as seller_id, ${table === 'mtrade_orders' ? sql`miner_id::text as miner_id` : sql`amount::text as amount, fee::text as fee`}`.execute(
        db,
      );
      return rows[0];
    },

    /** The seller's pending orders (expired or not): what a freeze withdraws. */
    async pendingIdsOf(db: Executor, table: MarketTable, sellerId: string): Promise<string[]> {
      const { rows } = await sql<{ id: string }>`
        select id::text as id from ${sql.table(table)} where seller_id = ${sellerId}::bigint and status = 'pending' order by id`.execute(
        db,
      );
      return rows.map((row) => row.id);
    },

    /** Why an order did not change: absent, someone else's (as the caller may see it), or its status; and what buying it costs in USDT. */
    async orderState(db: Executor, table: MarketTable, id: string) {
      const { rows } = await sql<{ seller_id: string; status: string; expired: boolean; cost: string }>`
        select seller_id::text as seller_id, status, expires_at <= now() as expired,
          ${table === 'mtrade_orders' ? sql`unit_price` : sql`total`}::text as cost
        from ${sql.table(table)} where id = ${id}::bigint`.execute(db);
      return rows[0];
    },

    /**
     * Cancels up to `limit` pending orders past their expiry, skipping rows another transaction
     * holds (a buyer or the seller mid-way), so several sweepers and buyers never wait on each other.
     */
    async expire(db: Executor, table: MarketTable, limit: number) {
      const { rows } = await sql<{ id: string; seller_id: string; miner_id?: string; amount?: string; fee?: string }>`
        with due as (
          select id from ${sql.table(table)} where status = 'pending' and expires_at <= now()
          order by expires_at limit ${limit} for update skip locked
        )
        update ${sql.table(table)} o set status = 'cancelled', cancelled_at = now(), cancel_reason = 'expired'
        from due where o.id = due.id
        returning o.id::text as id, o.seller_id::text as seller_id,
          ${table === 'mtrade_orders' ? sql`o.miner_id::text as miner_id` : sql`o.amount::text as amount, o.fee::text as fee`}`.execute(
        db,
      );
      return rows;
    },

    async hasPendingC2c(db: Executor, sellerId: string): Promise<boolean> {
      const { rows } =
        await sql`select 1 from c2c_orders where seller_id = ${sellerId}::bigint and status = 'pending'`.execute(db);
      return rows.length > 0;
    },
  };
}
