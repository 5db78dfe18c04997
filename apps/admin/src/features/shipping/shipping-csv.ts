import {
  langText,
  type OperatorPickupPoint,
  type OperatorShippingRequest,
  type OperatorValidator,
} from '@wallx/shared';
import { fieldColumns, type CsvColumn } from '../../lib/csv';

export const requestCsvColumns: readonly CsvColumn<OperatorShippingRequest>[] = [
  ...fieldColumns<OperatorShippingRequest>('id', 'created_at', 'user', 'kind', 'status'),
  { header: 'product', value: (r) => langText(r.product.name, 'en_US') },
  ...fieldColumns<OperatorShippingRequest>('machine_no'),
  { header: 'recipient', value: (r) => r.address?.recipient },
  { header: 'phone', value: (r) => r.address?.phone },
  { header: 'country', value: (r) => r.address?.country ?? r.point?.country },
  { header: 'province', value: (r) => r.address?.province ?? r.point?.province },
  { header: 'postcode', value: (r) => r.address?.postcode },
  { header: 'address', value: (r) => r.address?.detail ?? (r.point ? langText(r.point.address, 'en_US') : null) },
  { header: 'point', value: (r) => (r.point ? langText(r.point.name, 'en_US') : null) },
  ...fieldColumns<OperatorShippingRequest>('carrier', 'tracking_no', 'shipped_at', 'written_off_at'),
];

export const pointCsvColumns: readonly CsvColumn<OperatorPickupPoint>[] = [
  ...fieldColumns<OperatorPickupPoint>('id', 'name', 'country', 'province', 'address', 'hours', 'active'),
  {
    header: 'inventory',
    value: (p) => p.inventory.map((row) => `${langText(row.product_name, 'en_US')}: ${row.quantity}`).join('; '),
  },
];

export const validatorCsvColumns: readonly CsvColumn<OperatorValidator>[] = [
  { header: 'user_id', value: (v) => v.id },
  ...fieldColumns<OperatorValidator>('address'),
  { header: 'point_ids', value: (v) => v.points.map((p) => p.id).join(' ') },
  { header: 'points', value: (v) => v.points.map((p) => `${langText(p.name, 'en_US')} (${p.province})`).join('; ') },
];
