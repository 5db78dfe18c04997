import { sql } from 'kysely';
import type {
  DeliveryAddress,
  DeliveryAddressInput,
  Holding,
  OperatorPickupPoint,
  OperatorShippingRequest,
  OperatorValidator,
  PickupPoint,
  ShippingRequest,
  Voucher,
} from '@wallx/shared';
import { shortAddress } from '@wallx/shared';
import type { Executor, Trx } from '../../db/database.js';
import type { PageRange } from '../../pagination/page.js';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

type AddressRow = Omit<DeliveryAddress, 'created_at'> & { created_at: Date };
const toAddress = ({ created_at, ...row }: AddressRow): DeliveryAddress => ({
  ...row,
  created_at: created_at.toISOString(),
});
export type AddressSnapshot = Omit<DeliveryAddress, 'id' | 'is_default' | 'created_at'>;

/** The unit a request names: an unused order or a miner (not listed for sale) of the user. */
export type HoldingRef = { kind: 'order' | 'miner'; id: string };
export type HeldUnit = HoldingRef & {
  product_id: string;
  physical: boolean;
  pickup_from: Date | null;
  claimed: boolean;
};

type RequestRow = {
  id: string;
  kind: 'delivery' | 'pickup';
  status: ShippingRequest['status'];
  product_id: string;
  product_name: string;
  product_image: string;
  machine_no: string | null;
  address: AddressSnapshot | null;
  carrier: string | null;
  tracking_no: string | null;
  point_id: string | null;
  point_name: string | null;
  point_country: string | null;
  point_province: string | null;
  point_address: string | null;
  point_hours: string | null;
  code: string | null;
  holder: string;
  created_at: Date;
  shipped_at: Date | null;
  written_off_at: Date | null;
};

/**
 * A pick-up code is a bearer credential (whoever holds it collects the machine), so only its holder's
 * and the validators' reads select it; what operators read never does.
 */
const selectRequests = (code: ReturnType<typeof sql>) => sql`
  select r.id::text as id, r.kind, r.status, p.id::text as product_id, p.name as product_name, p.image as product_image,
         coalesce(m.machine_no, om.machine_no) as machine_no, r.address, r.carrier, r.tracking_no,
         pp.id::text as point_id, pp.name as point_name, pp.country as point_country, pp.province as point_province,
         pp.address as point_address, pp.hours as point_hours, ${code} as code, u.address as holder,
         r.created_at, r.shipped_at, r.written_off_at
    from shipping_requests r
    join miner_products p on p.id = r.product_id
    join users u on u.id = r.user_id
    left join miners m on m.id = r.miner_id
    left join miners om on om.order_id = r.order_id
    left join pickup_points pp on pp.id = r.point_id`;
const requestSelect = selectRequests(sql`r.code`);
const operatorRequestSelect = selectRequests(sql`null::text`);

function toPoint(row: RequestRow): PickupPoint | null {
  if (row.point_id === null) return null;
  return {
    id: row.point_id,
    name: row.point_name!,
    country: row.point_country as PickupPoint['country'],
    province: row.point_province!,
    address: row.point_address!,
    hours: row.point_hours!,
  };
}

function toRequest(row: RequestRow): ShippingRequest {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    product: { id: row.product_id, name: row.product_name, image: row.product_image },
    machine_no: row.machine_no,
    address: row.address,
    carrier: row.carrier,
    tracking_no: row.tracking_no,
    point: toPoint(row),
    code: row.code,
    created_at: row.created_at.toISOString(),
    shipped_at: iso(row.shipped_at),
    written_off_at: iso(row.written_off_at),
  };
}

function toOperatorRequest(row: RequestRow): OperatorShippingRequest {
  const { code: _never, ...request } = toRequest(row);
  return { ...request, user: row.holder };
}

function toVoucher(row: RequestRow): Voucher {
  return {
    code: row.code!,
    status: row.status === 'written_off' ? 'written_off' : 'pending',
    product: { id: row.product_id, name: row.product_name, image: row.product_image },
    machine_no: row.machine_no,
    point: toPoint(row)!,
    holder: shortAddress(row.holder),
    created_at: row.created_at.toISOString(),
    written_off_at: iso(row.written_off_at),
  };
}

const addressColumns = [
  'id',
  'country',
  'province',
  'recipient',
  'phone',
  'postcode',
  'detail',
  'is_default',
  'created_at',
] as const;

export function createShippingRepository() {
  return {
    async addresses(db: Executor, userId: string): Promise<DeliveryAddress[]> {
      const rows = await db
        .selectFrom('addresses')
        .select(addressColumns)
        .where('user_id', '=', userId)
        .orderBy('is_default', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map((r) => toAddress(r as AddressRow));
    },

    async address(db: Executor, userId: string, id: string): Promise<DeliveryAddress | undefined> {
      const row = await db
        .selectFrom('addresses')
        .select(addressColumns)
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? toAddress(row as AddressRow) : undefined;
    },

    async defaultAddress(db: Executor, userId: string): Promise<DeliveryAddress | undefined> {
      const row = await db
        .selectFrom('addresses')
        .select(addressColumns)
        .where('user_id', '=', userId)
        .where('is_default', '=', true)
        .executeTakeFirst();
      return row ? toAddress(row as AddressRow) : undefined;
    },

    /** Serializes one user's address writes (the count limit and the one default). */
    async lockUser(trx: Trx, userId: string): Promise<void> {
      await sql`select 1 from users where id = ${userId}::bigint for update`.execute(trx);
    },

    async countAddresses(db: Executor, userId: string): Promise<number> {
      const row = await db
        .selectFrom('addresses')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async insertAddress(
      trx: Trx,
      userId: string,
      input: Required<DeliveryAddressInput>,
      isDefault: boolean,
    ): Promise<string> {
      const row = await trx
        .insertInto('addresses')
        .values({ user_id: userId, ...input, is_default: isDefault })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async updateAddress(trx: Trx, userId: string, id: string, input: Required<DeliveryAddressInput>): Promise<boolean> {
      const result = await trx
        .updateTable('addresses')
        .set({ ...input, updated_at: new Date() })
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async deleteAddress(trx: Trx, userId: string, id: string): Promise<{ wasDefault: boolean } | undefined> {
      const row = await trx
        .deleteFrom('addresses')
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .returning('is_default')
        .executeTakeFirst();
      return row ? { wasDefault: row.is_default } : undefined;
    },

    /** Makes `id` (or, when null, the newest address) the one default. */
    async setDefault(trx: Trx, userId: string, id: string | null): Promise<boolean> {
      await trx
        .updateTable('addresses')
        .set({ is_default: false })
        .where('user_id', '=', userId)
        .where('is_default', '=', true)
        .execute();
      const target =
        id ??
        (
          await trx
            .selectFrom('addresses')
            .select('id')
            .where('user_id', '=', userId)
            .orderBy('id', 'desc')
            .executeTakeFirst()
        )?.id;
      if (!target) return false;
      const result = await trx
        .updateTable('addresses')
        .set({ is_default: true })
        .where('user_id', '=', userId)
        .where('id', '=', target)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Unused orders and miners (not listed for sale) of physical products, newest first. */
    async holdings(db: Executor, userId: string): Promise<Holding[]> {
      const { rows } = await sql<{
        kind: 'order' | 'miner';
        id: string;
        product_id: string;
        name: string;
        image: string;
        machine_no: string | null;
        pickup_from: Date | null;
      }>`
        select 'order' as kind, o.id::text as id, p.id::text as product_id, p.name, p.image, null as machine_no, p.pickup_from
          from miner_orders o join miner_products p on p.id = o.product_id
         where o.user_id = ${userId}::bigint and o.status = 'unused' and p.physical
        union all
        select 'miner', m.id::text, p.id::text, p.name, p.image, m.machine_no, p.pickup_from
          from miners m join miner_products p on p.id = m.product_id
         where m.user_id = ${userId}::bigint and m.state <> 'selling' and p.physical
         order by kind, id desc`.execute(db);
      return rows.map((r) => ({
        kind: r.kind,
        id: r.id,
        product: { id: r.product_id, name: r.name, image: r.image },
        machine_no: r.machine_no,
        pickup_from: iso(r.pickup_from),
      }));
    },

    /** The named unit, if it is the user's and held (locked: it cannot change hands meanwhile). */
    async lockHolding(trx: Trx, userId: string, ref: HoldingRef): Promise<HeldUnit | undefined> {
      const { rows } =
        ref.kind === 'order'
          ? await sql<HeldUnit>`
              select 'order' as kind, o.id::text as id, o.product_id::text as product_id, p.physical, p.pickup_from, o.claimed
                from miner_orders o join miner_products p on p.id = o.product_id
               where o.id = ${ref.id}::bigint and o.user_id = ${userId}::bigint and o.status = 'unused'
                 for update of o`.execute(trx)
          : await sql<HeldUnit>`
              select 'miner' as kind, m.id::text as id, m.product_id::text as product_id, p.physical, p.pickup_from, m.claimed
                from miners m join miner_products p on p.id = m.product_id
               where m.id = ${ref.id}::bigint and m.user_id = ${userId}::bigint and m.state <> 'selling'
                 for update of m`.execute(trx);
      return rows[0];
    },

    async claim(trx: Trx, ref: HoldingRef): Promise<void> {
      if (ref.kind === 'order')
        await trx.updateTable('miner_orders').set({ claimed: true }).where('id', '=', ref.id).execute();
      else await trx.updateTable('miners').set({ claimed: true }).where('id', '=', ref.id).execute();
    },

    async hasRequest(db: Executor, userId: string): Promise<boolean> {
      return (
        (await db.selectFrom('shipping_requests').select('id').where('user_id', '=', userId).executeTakeFirst()) !==
        undefined
      );
    },

    /** Inserts the account's one request; undefined when it already has one (the unique user_id). */
    async insertRequest(
      trx: Trx,
      request: {
        userId: string;
        kind: 'delivery' | 'pickup';
        productId: string;
        ref: HoldingRef;
        address: AddressSnapshot | null;
        pointId: string | null;
        code: string | null;
      },
    ): Promise<string | undefined> {
      const row = await trx
        .insertInto('shipping_requests')
        .values({
          user_id: request.userId,
          kind: request.kind,
          status: request.kind === 'delivery' ? 'to_ship' : 'pending',
          product_id: request.productId,
          order_id: request.ref.kind === 'order' ? request.ref.id : null,
          miner_id: request.ref.kind === 'miner' ? request.ref.id : null,
          address: request.address ? JSON.stringify(request.address) : null,
          point_id: request.pointId,
          code: request.code,
        })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .returning('id')
        .executeTakeFirst();
      return row?.id;
    },

    async requests(db: Executor, userId: string, range: PageRange): Promise<ShippingRequest[]> {
      const { rows } = await sql<RequestRow>`${requestSelect}
        where r.user_id = ${userId}::bigint and (${range.before}::bigint is null or r.id < ${range.before}::bigint)
        order by r.id desc limit ${range.limit}`.execute(db);
      return rows.map(toRequest);
    },

    async request(db: Executor, id: string): Promise<ShippingRequest | undefined> {
      const { rows } = await sql<RequestRow>`${requestSelect} where r.id = ${id}::bigint`.execute(db);
      return rows[0] ? toRequest(rows[0]) : undefined;
    },

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

    // Operators

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

    async userIdByAddress(db: Executor, address: string): Promise<string | undefined> {
      return (await db.selectFrom('users').select('id').where('address', '=', address).executeTakeFirst())?.id;
    },

    async validatorPoints(db: Executor, userId: string): Promise<{ is_validator: boolean; point_ids: string[] }> {
      const user = await db
        .selectFrom('users')
        .select('is_validator')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
      const points = await db
        .selectFrom('validator_points')
        .select('point_id')
        .where('user_id', '=', userId)
        .orderBy('point_id')
        .execute();
      return { is_validator: user.is_validator, point_ids: points.map((p) => p.point_id) };
    },

    /** The names of these points (a validator's, for the console's user detail). */
    async pointNames(db: Executor, ids: string[]): Promise<{ id: string; name: string }[]> {
      if (ids.length === 0) return [];
      return db.selectFrom('pickup_points').select(['id', 'name']).where('id', 'in', ids).orderBy('id').execute();
    },

    async setValidatorPoints(trx: Trx, userId: string, pointIds: string[]): Promise<void> {
      await trx.deleteFrom('validator_points').where('user_id', '=', userId).execute();
      if (pointIds.length > 0)
        await trx
          .insertInto('validator_points')
          .values(pointIds.map((pointId) => ({ user_id: userId, point_id: pointId })))
          .execute();
      await trx
        .updateTable('users')
        .set({ is_validator: pointIds.length > 0 })
        .where('id', '=', userId)
        .execute();
    },

    /** A page of validators (users with a point), newest first, with their points. */
    async validatorsPage(db: Executor, range: PageRange): Promise<OperatorValidator[]> {
      const { rows: users } = await sql<{ id: string; address: string }>`
        select v.user_id::text as id, u.address
          from (select distinct user_id from validator_points
                 where ${range.before}::bigint is null or user_id < ${range.before}::bigint
                 order by user_id desc limit ${range.limit}) v
          join users u on u.id = v.user_id
         order by v.user_id desc`.execute(db);
      if (users.length === 0) return [];
      const { rows: points } = await sql<OperatorValidator['points'][number] & { user_id: string }>`
        select vp.user_id::text as user_id, pp.id::text as id, pp.name, pp.country, pp.province, pp.active
          from validator_points vp join pickup_points pp on pp.id = vp.point_id
         where vp.user_id in (${sql.join(users.map((user) => sql`${user.id}::bigint`))})
         order by pp.id`.execute(db);
      return users.map((user) => ({
        ...user,
        points: points.filter((point) => point.user_id === user.id).map(({ user_id: _user, ...point }) => point),
      }));
    },

    async allRequests(
      db: Executor,
      filter: { kind?: string | undefined; status?: string | undefined },
      range: PageRange,
    ): Promise<OperatorShippingRequest[]> {
      const { rows } = await sql<RequestRow>`${operatorRequestSelect}
        where (${filter.kind ?? null}::text is null or r.kind = ${filter.kind ?? null})
          and (${filter.status ?? null}::text is null or r.status = ${filter.status ?? null})
          and (${range.before}::bigint is null or r.id < ${range.before}::bigint)
        order by r.id desc limit ${range.limit}`.execute(db);
      return rows.map(toOperatorRequest);
    },

    /** One request as operators read it (no pick-up code). */
    async operatorRequest(db: Executor, id: string): Promise<OperatorShippingRequest | undefined> {
      const { rows } = await sql<RequestRow>`${operatorRequestSelect} where r.id = ${id}::bigint`.execute(db);
      return rows[0] ? toOperatorRequest(rows[0]) : undefined;
    },

    async markShipped(trx: Trx, id: string, carrier: string, trackingNo: string, at: Date): Promise<boolean> {
      const result = await trx
        .updateTable('shipping_requests')
        .set({ status: 'shipped', carrier, tracking_no: trackingNo, shipped_at: at })
        .where('id', '=', id)
        .where('status', '=', 'to_ship')
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    // Validators

    async voucher(db: Executor, code: string): Promise<(Voucher & { point_id: string }) | undefined> {
      const { rows } = await sql<RequestRow>`${requestSelect} where r.code = ${code} and r.kind = 'pickup'`.execute(db);
      return rows[0] ? { ...toVoucher(rows[0]), point_id: rows[0].point_id! } : undefined;
    },

    async isValidatorAt(db: Executor, userId: string, pointId: string): Promise<boolean> {
      const row = await db
        .selectFrom('validator_points')
        .select('point_id')
        .where('user_id', '=', userId)
        .where('point_id', '=', pointId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The voucher's row, locked: two validators confirming one code take turns, and the second sees it used. */
    async lockVoucher(trx: Trx, code: string) {
      const { rows } = await sql<{ id: string; status: string; point_id: string; product_id: string }>`
        select id::text as id, status, point_id::text as point_id, product_id::text as product_id
          from shipping_requests where code = ${code} and kind = 'pickup' for update`.execute(trx);
      return rows[0];
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

    async writeOff(trx: Trx, id: string, validatorId: string, at: Date): Promise<void> {
      await trx
        .updateTable('shipping_requests')
        .set({ status: 'written_off', written_off_by: validatorId, written_off_at: at })
        .where('id', '=', id)
        .execute();
    },

    async writeoffs(db: Executor, validatorId: string, range: PageRange): Promise<(Voucher & { id: string })[]> {
      const { rows } = await sql<RequestRow>`${requestSelect}
        where r.written_off_by = ${validatorId}::bigint and (${range.before}::bigint is null or r.id < ${range.before}::bigint)
        order by r.id desc limit ${range.limit}`.execute(db);
      return rows.map((r) => ({ ...toVoucher(r), id: r.id }));
    },
  };
}
export type ShippingRepository = ReturnType<typeof createShippingRepository>;
