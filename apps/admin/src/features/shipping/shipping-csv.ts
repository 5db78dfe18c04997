import {
  langText,
  type OperatorPickupPoint,
  type OperatorShippingRequest,
  type OperatorValidator,
} from '@wallx/shared';
import type { CsvColumn } from '../../lib/csv';

export const requestCsvColumns: readonly CsvColumn<OperatorShippingRequest>[] = [
  { header: 'id', value: (r) => r.id },
  { header: 'created_at', value: (r) => r.created_at },
  { header: 'user', value: (r) => r.user },
  { header: 'kind', value: (r) => r.kind },
  { header: 'status', value: (r) => r.status },
  { header: 'product', value: (r) => langText(r.product.name, 'en_US') },
  { header: 'machine_no', value: (r) => r.machine_no },
  { header: 'recipient', value: (r) => r.address?.recipient },
  { header: 'phone', value: (r) => r.address?.phone },
  { header: 'country', value: (r) => r.address?.country ?? r.point?.country },
  { header: 'province', value: (r) => r.address?.province ?? r.point?.province },
  { header: 'postcode', value: (r) => r.address?.postcode },
  { header: 'address', value: (r) => r.address?.detail ?? (r.point ? langText(r.point.address, 'en_US') : null) },
  { header: 'point', value: (r) => (r.point ? langText(r.point.name, 'en_US') : null) },
  { header: 'carrier', value: (r) => r.carrier },
  { header: 'tracking_no', value: (r) => r.tracking_no },
  { header: 'shipped_at', value: (r) => r.shipped_at },
  { header: 'written_off_at', value: (r) => r.written_off_at },
];

export const pointCsvColumns: readonly CsvColumn<OperatorPickupPoint>[] = [
  { header: 'id', value: (p) => p.id },
  { header: 'name', value: (p) => p.name },
  { header: 'country', value: (p) => p.country },
  { header: 'province', value: (p) => p.province },
  { header: 'address', value: (p) => p.address },
  { header: 'hours', value: (p) => p.hours },
  { header: 'active', value: (p) => p.active },
  {
    header: 'inventory',
    value: (p) => p.inventory.map((row) => `${langText(row.product_name, 'en_US')}: ${row.quantity}`).join('; '),
  },
];

export const validatorCsvColumns: readonly CsvColumn<OperatorValidator>[] = [
  { header: 'user_id', value: (v) => v.id },
  { header: 'address', value: (v) => v.address },
  { header: 'point_ids', value: (v) => v.points.map((p) => p.id).join(' ') },
  { header: 'points', value: (v) => v.points.map((p) => `${langText(p.name, 'en_US')} (${p.province})`).join('; ') },
];
