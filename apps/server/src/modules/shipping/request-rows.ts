import { sql } from 'kysely';
import type { OperatorShippingRequest, PickupPoint, ShippingRequest, Voucher } from '@wallx/shared';
import { shortAddress } from '@wallx/shared';
import type { AddressSnapshot } from './address-repository.js';

// A shipping request as its holder, operators and validators (a voucher) read it: one select, three shapes.

export const iso = (value: Date | null) => (value ? value.toISOString() : null);

export type RequestRow = {
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
export const requestSelect = selectRequests(sql`r.code`);
export const operatorRequestSelect = selectRequests(sql`null::text`);

export function toPoint(row: RequestRow): PickupPoint | null {
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

export function toRequest(row: RequestRow): ShippingRequest {
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

export function toOperatorRequest(row: RequestRow): OperatorShippingRequest {
  const { code: _never, ...request } = toRequest(row);
  return { ...request, user: row.holder };
}

export function toVoucher(row: RequestRow): Voucher {
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
