import type { OperatorProduct, Page, ProductCreate, ProductEdit } from '@wallx/shared';
import { recordAudit } from '../../kernel/audit/audit.js';
import type { Trx } from '../../platform/db/database.js';
import { AppError } from '../../platform/errors/app-error.js';
import { pageById, type PageQuery } from '../../platform/pagination/page.js';
import { createGiftGrants } from './operator-gifts.js';
import type { ProductFields, ProductFilter } from './operator-repository.js';
import type { CatalogDeps } from './operator-deps.js';
export type { CatalogDeps, ProductImages, CatalogMiners } from './operator-deps.js';

/** Flags that say what a unit already out is (shipped or not, sold or given): fixed once units are out. */
const lockedOnceOut = ['physical', 'gift'] as const;

function fieldsOf(input: Omit<ProductEdit, 'version'> | ProductCreate): ProductFields {
  return {
    name: input.name,
    category: input.category,
    price_usdt: input.price_usdt,
    price_wallx: input.price_wallx,
    daily_output: input.daily_output,
    output_days: input.output_days,
    per_user_limit: input.per_user_limit,
    physical: input.physical,
    gift: input.gift,
    on_sale: input.on_sale,
    pickup_from: input.pickup_from ?? null,
    sort: input.sort ?? 0,
  };
}

/**
 * The catalog as operators keep it. Every change locks the product row as a purchase does, so an
 * edit, a stock adjustment, a grant and a sale of one product happen one at a time, and every change
 * is audited in its own transaction. Output terms and prices change what is bought from then on:
 * an order keeps the terms it was bought with (migration 015).
 */
export function createCatalogOperations(deps: CatalogDeps) {
  const { db, catalog, images } = deps;
  async function locked(trx: Trx, id: string): Promise<OperatorProduct> {
    const product = await catalog.product(trx, id, { lock: true });
    if (!product) throw new AppError('product_info_not_found', { field: 'id' });
    return product;
  }

  const audit = (trx: Trx, operator: string, action: string, id: string, before: unknown, after: unknown) =>
    recordAudit(trx, { operator, action: `product.${action}`, subjectType: 'product', subjectId: id, before, after });

  return {
    products(query: PageQuery & ProductFilter): Promise<Page<OperatorProduct>> {
      return pageById(query, (range) =>
        catalog.products(db, { category: query.category, gift: query.gift, on_sale: query.on_sale, ...range }),
      );
    },

    async create(operator: string, input: ProductCreate): Promise<OperatorProduct> {
      return db.transaction().execute(async (trx) => {
        const id = await catalog.insert(trx, { ...fieldsOf(input), stock: input.stock });
        const product = (await catalog.product(trx, id))!;
        await audit(trx, operator, 'create', id, null, product);
        return product;
      });
    },

    /** The whole product but stock and image, made from `version`: a stale edit is refused, never merged. */
    async update(operator: string, id: string, input: ProductEdit): Promise<OperatorProduct> {
      return db.transaction().execute(async (trx) => {
        const before = await locked(trx, id);
        if (before.version !== input.version)
          throw new AppError('product_changed', { field: 'version', data: { version: before.version } });
        const fields = fieldsOf(input);
        if (before.units_out > 0) {
          const changed = lockedOnceOut.find((flag) => before[flag] !== fields[flag]);
          if (changed) throw new AppError('product_terms_locked', { field: changed, params: { field: changed } });
        }
        await catalog.update(trx, id, input.version, fields);
        const after = (await catalog.product(trx, id))!;
        await audit(trx, operator, 'update', id, before, after);
        return after;
      });
    },

    /** Adds or takes stock under the purchases' lock: a sale in flight is counted, never oversold. */
    async adjustStock(operator: string, id: string, change: number): Promise<OperatorProduct> {
      return db.transaction().execute(async (trx) => {
        const before = await locked(trx, id);
        if (before.stock + change < 0)
          throw new AppError('stock_below_zero', { field: 'change', params: { stock: before.stock } });
        await catalog.adjustStock(trx, id, change);
        const after = (await catalog.product(trx, id))!;
        await recordAudit(trx, {
          operator,
          action: 'product.stock',
          subjectType: 'product',
          subjectId: id,
          detail: { change, before: { stock: before.stock }, after: { stock: after.stock } },
        });
        return after;
      });
    },

    /** Checks the file before any write; the product then points at the stored image's hashed URL. */
    async setImage(
      operator: string,
      id: string,
      contentType: string | undefined,
      bytes: Buffer | undefined,
    ): Promise<{ image: string; product: OperatorProduct }> {
      const image = images.check(contentType, bytes);
      return db.transaction().execute(async (trx) => {
        const before = await locked(trx, id);
        const url = await images.store(trx, image);
        await catalog.setImage(trx, id, url);
        await audit(trx, operator, 'image', id, { image: before.image }, { image: url });
        return { image: url, product: (await catalog.product(trx, id))! };
      });
    },

    ...createGiftGrants(deps),
  };
}
export type CatalogOperations = ReturnType<typeof createCatalogOperations>;
