import { sql } from 'kysely';
import type { OperatorPickupPoint, PickupPoint } from '@wallx/shared';
import type { Executor, Trx } from '../../platform/db/database.js';
import type { PageRange } from '../../platform/pagination/page.js';

/** Pick-up points and what each keeps in stock (its inventory). */
export function createPointRepository() {
  return {
    /** Active points of a region; with a product, only those that have a unit of it to hand over. */
    async pointsInRegion(
      db: Executor,
      country: string,
      province: string,
      productId: string | null,
    ): Promise<PickupPoint[]> {
      const { rows } = await sql<PickupPoint>`
        select id::text as id, name, country, province, address, hours from pickup_points pp
         where active and country = ${country} and province = ${province}
           and (${productId}::bigint is null
                or exists (select 1 from pickup_inventory i where i.point_id = pp.id and i.product_id = ${productId}::bigint and i.quantity > 0))
         order by id`.execute(db);
      return rows;
    },

    async hasStock(db: Executor, pointId: string, productId: string): Promise<boolean> {
      const row = await db
        .selectFrom('pickup_inventory')
        .select('quantity')
        .where('point_id', '=', pointId)
        .where('product_id', '=', productId)
        .executeTakeFirst();
      return (row?.quantity ?? 0) > 0;
    },

    async point(db: Executor, id: string): Promise<(PickupPoint & { active: boolean }) | undefined> {
      const { rows } = await sql<PickupPoint & { active: boolean }>`
        select id::text as id, name, country, province, address, hours, active from pickup_points where id = ${id}::bigint`.execute(
        db,
      );
      return rows[0];
    },

    /** A page of points, newest first, of a country and/or province, each with its stock of every physical product. */
    async pointsPage(
      db: Executor,
      filter: { country: string | null; province: string | null },
      range: PageRange,
    ): Promise<OperatorPickupPoint[]> {
      const { rows: points } = await sql<PickupPoint & { active: boolean }>`
        select id::text as id, name, country, province, address, hours, active from pickup_points
         where (${filter.country}::text is null or country = ${filter.country})
           and (${filter.province}::text is null or province = ${filter.province})
           and (${range.before}::bigint is null or id < ${range.before}::bigint)
         order by id desc limit ${range.limit}`.execute(db);
      if (points.length === 0) return [];
      const ids = points.map((point) => point.id);
      // Every physical product, and any other a point still keeps (a product made non-physical later).
      const { rows: stock } = await sql<{
        point_id: string;
        product_id: string;
        product_name: string;
        quantity: number;
      }>`
        select pp.id::text as point_id, p.id::text as product_id, p.name as product_name, coalesce(i.quantity, 0)::int as quantity
          from pickup_points pp
          cross join miner_products p
          left join pickup_inventory i on i.point_id = pp.id and i.product_id = p.id
         where pp.id in (${sql.join(ids.map((id) => sql`${id}::bigint`))}) and (p.physical or i.quantity is not null)
         order by p.id`.execute(db);
      return points.map((point) => ({
        ...point,
        inventory: stock.filter((row) => row.point_id === point.id).map(({ point_id: _point, ...row }) => row),
      }));
    },

    async insertPoint(
      trx: Trx,
      input: Omit<PickupPoint, 'id'> & { active: boolean },
    ): Promise<PickupPoint & { active: boolean }> {
      const { rows } = await sql<PickupPoint & { active: boolean }>`
        insert into pickup_points (name, country, province, address, hours, active)
        values (${input.name}, ${input.country}, ${input.province}, ${input.address}, ${input.hours}, ${input.active})
        returning id::text as id, name, country, province, address, hours, active`.execute(trx);
      return rows[0]!;
    },

    async updatePoint(
      trx: Trx,
      id: string,
      input: Omit<PickupPoint, 'id'> & { active: boolean },
    ): Promise<PickupPoint & { active: boolean }> {
      const { rows } = await sql<PickupPoint & { active: boolean }>`
        update pickup_points set name = ${input.name}, country = ${input.country}, province = ${input.province},
               address = ${input.address}, hours = ${input.hours}, active = ${input.active}
         where id = ${id}::bigint
        returning id::text as id, name, country, province, address, hours, active`.execute(trx);
      return rows[0]!;
    },

    async isPhysicalProduct(db: Executor, productId: string): Promise<boolean> {
      const row = await db
        .selectFrom('miner_products')
        .select('physical')
        .where('id', '=', productId)
        .executeTakeFirst();
      return row?.physical === true;
    },

    /** Sets the stock of a product at a point; answers what it was (null: none kept before). */
    async setInventory(trx: Trx, pointId: string, productId: string, quantity: number): Promise<number | null> {
      const before = await trx
        .selectFrom('pickup_inventory')
        .select('quantity')
        .where('point_id', '=', pointId)
        .where('product_id', '=', productId)
        .forUpdate()
        .executeTakeFirst();
      await trx
        .insertInto('pickup_inventory')
        .values({ point_id: pointId, product_id: productId, quantity })
        .onConflict((oc) => oc.columns(['point_id', 'product_id']).doUpdateSet({ quantity }))
        .execute();
      return before?.quantity ?? null;
    },

    /** The names of these points (a validator's, for the console's user detail). */
    async pointNames(db: Executor, ids: string[]): Promise<{ id: string; name: string }[]> {
      if (ids.length === 0) return [];
      return db.selectFrom('pickup_points').select(['id', 'name']).where('id', 'in', ids).orderBy('id').execute();
    },

    /** One unit out of the point's stock of the product; false when there is none left. */
    async takeInventory(trx: Trx, pointId: string, productId: string): Promise<boolean> {
      const result = await trx
        .updateTable('pickup_inventory')
        .set((eb) => ({ quantity: eb('quantity', '-', 1) }))
        .where('point_id', '=', pointId)
        .where('product_id', '=', productId)
        .where('quantity', '>', 0)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
  };
}
export type PointRepository = ReturnType<typeof createPointRepository>;
