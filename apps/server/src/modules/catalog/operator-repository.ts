import { sql } from 'kysely';
import type { GiftGrant, MinerCategory, OperatorProduct } from '@wallx/shared';
import type { Executor } from '../../platform/db/database.js';
import type { PageRange } from '../../platform/pagination/page.js';
import { iso } from '../../platform/db/api-values.js';
import { productColumns as appProductColumns } from '../../platform/db/product-columns.js';

/** What an operator writes of a product: everything but its stock (adjusted) and image (uploaded). */
export type ProductFields = {
  name: string;
  category: MinerCategory;
  price_usdt: string | null;
  price_wallx: string | null;
  daily_output: string;
  output_days: number;
  per_user_limit: number | null;
  physical: boolean;
  gift: boolean;
  on_sale: boolean;
  pickup_from: string | null;
  sort: number;
};

export type ProductFilter = {
  category?: MinerCategory | undefined;
  gift?: boolean | undefined;
  on_sale?: boolean | undefined;
};

/** The app's columns of a product and what operators read beside them. */
function productColumns(db: Executor) {
  return appProductColumns(db).select([
    'p.sort',
    'p.pickup_from',
    'p.version',
    // A count per listed row of a small catalog: cheap enough for the console.
    sql<number>`(select count(*)::int from miner_orders o where o.product_id = p.id)`.as('units_out'),
    'p.created_at',
    'p.updated_at',
  ]);
}

type ProductRow = Awaited<ReturnType<ReturnType<typeof productColumns>['executeTakeFirstOrThrow']>>;

const toProduct = (row: ProductRow): OperatorProduct => ({
  ...row,
  units_out: Number(row.units_out),
  pickup_from: iso(row.pickup_from),
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

/** The catalog as operators keep it: every product (hidden and gifts too), edits, stock and grants. */
export function createCatalogRepository() {
  return {
    async products(db: Executor, filter: ProductFilter & PageRange): Promise<OperatorProduct[]> {
      let query = productColumns(db).orderBy('p.id', 'desc').limit(filter.limit);
      if (filter.category) query = query.where('p.category', '=', filter.category);
      if (filter.gift !== undefined) query = query.where('p.gift', '=', filter.gift);
      if (filter.on_sale !== undefined) query = query.where('p.on_sale', '=', filter.on_sale);
      if (filter.before) query = query.where('p.id', '<', filter.before);
      return (await query.execute()).map(toProduct);
    },

    /** `lock`: held until commit, the same row lock a purchase takes, so edits and sales go one at a time. */
    async product(db: Executor, id: string, options: { lock?: boolean } = {}): Promise<OperatorProduct | undefined> {
      let query = productColumns(db).where('p.id', '=', id);
      if (options.lock) query = query.forUpdate('p');
      const row = await query.executeTakeFirst();
      return row ? toProduct(row) : undefined;
    },

    async insert(db: Executor, fields: ProductFields & { stock: number }): Promise<string> {
      const row = await db
        .insertInto('miner_products')
        .values(fields)
        .returning(sql<string>`id::text`.as('id'))
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** Writes an edit made from `version`; false when the product is at another version by now. */
    async update(db: Executor, id: string, version: number, fields: ProductFields): Promise<boolean> {
      const result = await db
        .updateTable('miner_products')
        .set({ ...fields, version: sql<number>`version + 1`, updated_at: sql<Date>`now()` })
        .where('id', '=', id)
        .where('version', '=', version)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Adds `change` units (negative: takes them); the table's check refuses a stock below 0. */
    async adjustStock(db: Executor, id: string, change: number): Promise<void> {
      await db
        .updateTable('miner_products')
        .set({ stock: sql<number>`stock + ${change}`, updated_at: sql<Date>`now()` })
        .where('id', '=', id)
        .execute();
    },

    async setImage(db: Executor, id: string, image: string): Promise<void> {
      await db
        .updateTable('miner_products')
        .set({ image, updated_at: sql<Date>`now()` })
        .where('id', '=', id)
        .execute();
    },

    /**
     * Claims the grant's idempotency key (or, without a key, just writes the grant): null when the key
     * is taken. A retry racing the first waits on the key's row, then finds it taken.
     */
    async insertGrant(
      db: Executor,
      g: {
        purchaseId: string;
        key: string | null;
        userId: string;
        productId: string;
        quantity: number;
        reason: string;
        operator: string;
      },
    ): Promise<string | null> {
      const row = await db
        .insertInto('miner_gift_grants')
        .values({
          purchase_id: g.purchaseId,
          idempotency_key: g.key,
          user_id: g.userId,
          product_id: g.productId,
          quantity: g.quantity,
          reason: g.reason,
          operator: g.operator,
        })
        .onConflict((oc) => oc.column('idempotency_key').doNothing())
        .returning(sql<string>`id::text`.as('id'))
        .executeTakeFirst();
      return row?.id ?? null;
    },

    async grants(
      db: Executor,
      filter: PageRange & { userId?: string | undefined; key?: string; id?: string },
    ): Promise<GiftGrant[]> {
      let query = db
        .selectFrom('miner_gift_grants as g')
        .innerJoin('users as u', 'u.id', 'g.user_id')
        .innerJoin('miner_products as p', 'p.id', 'g.product_id')
        .select([
          sql<string>`g.id::text`.as('id'),
          'u.address',
          sql<string>`p.id::text`.as('product_id'),
          'p.name',
          'p.image',
          'g.quantity',
          'g.reason',
          'g.operator',
          sql<
            string[]
          >`array(select o.id::text from miner_orders o where o.purchase_id = g.purchase_id order by o.id)`.as(
            'order_ids',
          ),
          'g.created_at',
        ])
        .orderBy('g.id', 'desc')
        .limit(filter.limit);
      if (filter.userId) query = query.where('g.user_id', '=', filter.userId);
      if (filter.key) query = query.where('g.idempotency_key', '=', filter.key);
      if (filter.id) query = query.where('g.id', '=', filter.id);
      if (filter.before) query = query.where('g.id', '<', filter.before);
      const rows = await query.execute();
      return rows.map((r) => ({
        id: r.id,
        address: r.address,
        product: { id: r.product_id, name: r.name, image: r.image },
        quantity: r.quantity,
        reason: r.reason,
        operator: r.operator,
        order_ids: r.order_ids,
        created_at: r.created_at.toISOString(),
      }));
    },
  };
}
export type CatalogRepository = ReturnType<typeof createCatalogRepository>;
