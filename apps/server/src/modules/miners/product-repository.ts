import { sql } from 'kysely';
import type { MinerCategory, MinerProduct } from '@wallx/shared';
import type { Executor } from '../../platform/db/database.js';
import { productColumns } from '../../platform/db/product-columns.js';
import type {} from '../../platform/pagination/page.js';

export type ProductRow = MinerProduct & { on_sale: boolean };

export type ProductInput = {
  name: string;
  image: string;
  category: MinerCategory;
  price_usdt: string | null;
  price_wallx: string | null;
  daily_output: string;
  output_days: number;
  stock: number;
  per_user_limit: number | null;
  physical: boolean;
  gift: boolean;
  on_sale: boolean;
  sort: number;
  /** Physical products: when pick-up opens (ISO time); null or absent: not scheduled. */
  pickup_from?: string | null;
};

/** The catalog: miner_products, and its stock. */
export function createProductRepository() {
  return {
    async listProducts(db: Executor, category: MinerCategory | undefined): Promise<MinerProduct[]> {
      let query = productColumns(db)
        .where('p.on_sale', '=', true)
        .where('p.gift', '=', false)
        .orderBy('p.category')
        .orderBy('p.sort')
        .orderBy('p.id');
      if (category) query = query.where('p.category', '=', category);
      const rows = await query.execute();
      return rows.map(({ on_sale: _, ...product }) => product);
    },

    async findProduct(db: Executor, id: string, options: { lock?: boolean } = {}): Promise<ProductRow | undefined> {
      let query = productColumns(db).where('p.id', '=', id);
      if (options.lock) query = query.forUpdate();
      return query.executeTakeFirst();
    },

    async insertProduct(db: Executor, input: ProductInput): Promise<string> {
      const row = await db
        .insertInto('miner_products')
        .values(input)
        .returning(sql<string>`id::text`.as('id'))
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async countProducts(db: Executor): Promise<number> {
      const row = await db
        .selectFrom('miner_products')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async takeStock(db: Executor, productId: string, quantity: number): Promise<void> {
      await db
        .updateTable('miner_products')
        .set({ stock: sql<number>`stock - ${quantity}`, updated_at: sql<Date>`now()` })
        .where('id', '=', productId)
        .execute();
    },
  };
}
