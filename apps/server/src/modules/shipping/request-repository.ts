import { sql } from 'kysely';
import type { Holding, OperatorShippingRequest, ShippingRequest } from '@wallx/shared';
import type { Executor, Trx } from '../../platform/db/database.js';
import type { PageRange } from '../../platform/pagination/page.js';
import type { AddressSnapshot } from './address-repository.js';
import {
  type RequestRow,
  requestSelect,
  operatorRequestSelect,
  toRequest,
  toOperatorRequest,
  iso,
} from './request-rows.js';

/** The unit a request names: an unused order or a miner (not listed for sale) of the user. */
export type HoldingRef = { kind: 'order' | 'miner'; id: string };
export type HeldUnit = HoldingRef & {
  product_id: string;
  physical: boolean;
  pickup_from: Date | null;
  claimed: boolean;
};

/** Holdings and the shipping requests made of them: one per account, delivered or picked up. */
export function createRequestRepository() {
  return {
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
  };
}
export type RequestRepository = ReturnType<typeof createRequestRepository>;
