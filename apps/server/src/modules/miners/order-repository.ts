import { sql } from 'kysely';
import type { Asset, MinerOrder, MinerOrderStatus } from '@wallx/shared';
import { iso, num, numOrNull } from '../../platform/db/api-values.js';
import type { Executor } from '../../platform/db/database.js';
import type { PageRange } from '../../platform/pagination/page.js';

/** Purchase orders: miner_orders, one row a unit bought or granted. */
export function createOrderRepository() {
  return {
    /** Units of a product this user has bought (gift grants do not count). */
    async countPurchased(db: Executor, userId: string, productId: string): Promise<number> {
      const row = await db
        .selectFrom('miner_orders')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('user_id', '=', userId)
        .where('product_id', '=', productId)
        .where('gift', '=', false)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** One order per unit, all of one purchase. */
    async insertOrders(
      db: Executor,
      o: {
        userId: string;
        productId: string;
        purchaseId: string;
        payAsset: Asset | null;
        price: string | null;
        gift: boolean;
        quantity: number;
      },
    ): Promise<string[]> {
      // Each unit keeps the output terms of this moment (the caller holds the product's lock).
      const { rows } = await sql<{ id: string }>`
        insert into miner_orders (user_id, product_id, purchase_id, pay_asset, price, gift, daily_output, output_days)
        select ${o.userId}, p.id, ${o.purchaseId}, ${o.payAsset}, ${o.price}::numeric, ${o.gift}, p.daily_output, p.output_days
        from miner_products p cross join generate_series(1, ${o.quantity}::int)
        where p.id = ${o.productId}
        returning id::text as id`.execute(db);
      return rows.map((r) => r.id);
    },

    async orders(
      db: Executor,
      userId: string,
      filter: PageRange & { status?: MinerOrderStatus | undefined; ids?: string[] },
    ): Promise<MinerOrder[]> {
      let query = db
        .selectFrom('miner_orders as o')
        .innerJoin('miner_products as p', 'p.id', 'o.product_id')
        .leftJoin('miners as m', 'm.order_id', 'o.id')
        .select([
          'o.id',
          'p.id as product_id',
          'p.name',
          'p.image',
          'p.category',
          // The terms the unit was bought with, not the product's as since edited.
          num('o.daily_output').as('daily_output'),
          'o.output_days',
          'p.physical',
          'o.pay_asset',
          numOrNull('o.price').as('price'),
          'o.gift',
          'o.status',
          'o.created_at',
          'o.used_at',
          sql<string | null>`m.id::text`.as('miner_id'),
        ])
        .where('o.user_id', '=', userId)
        .orderBy('o.id', 'desc')
        .limit(filter.limit);
      if (filter.status) query = query.where('o.status', '=', filter.status);
      if (filter.ids) query = query.where('o.id', 'in', filter.ids);
      if (filter.before) query = query.where('o.id', '<', filter.before);
      const rows = await query.execute();
      return rows.map((r) => ({
        id: r.id,
        product: {
          id: r.product_id,
          name: r.name,
          image: r.image,
          category: r.category,
          daily_output: r.daily_output,
          output_days: r.output_days,
          physical: r.physical,
        },
        pay_asset: r.pay_asset,
        price: r.price,
        gift: r.gift,
        status: r.status,
        created_at: r.created_at.toISOString(),
        used_at: iso(r.used_at),
        miner_id: r.miner_id,
      }));
    },

    /** unused → used for the owner; the order's state as it was when nothing changed. */
    async markOrderUsed(
      db: Executor,
      userId: string,
      orderId: string,
    ): Promise<{ product_id: string; gift: boolean } | undefined> {
      return db
        .updateTable('miner_orders')
        .set({ status: 'used', used_at: sql<Date>`now()` })
        .where('id', '=', orderId)
        .where('user_id', '=', userId)
        .where('status', '=', 'unused')
        .returning(['product_id', 'gift'])
        .executeTakeFirst();
    },

    async orderStatus(db: Executor, userId: string, orderId: string): Promise<MinerOrderStatus | undefined> {
      const row = await db
        .selectFrom('miner_orders')
        .select('status')
        .where('id', '=', orderId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row?.status;
    },
  };
}
