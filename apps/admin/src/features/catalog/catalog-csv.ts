import { langText, type GiftGrant, type OperatorProduct } from '@wallx/shared';
import type { CsvColumn } from '../../lib/csv';

export const productCsvColumns: readonly CsvColumn<OperatorProduct>[] = [
  { header: 'id', value: (p) => p.id },
  { header: 'name_en', value: (p) => langText(p.name, 'en_US') },
  { header: 'name_zh', value: (p) => langText(p.name, 'zh_CN') },
  { header: 'category', value: (p) => p.category },
  { header: 'price_usdt', value: (p) => p.price_usdt },
  { header: 'price_wallx', value: (p) => p.price_wallx },
  { header: 'daily_output', value: (p) => p.daily_output },
  { header: 'output_days', value: (p) => String(p.output_days) },
  { header: 'stock', value: (p) => String(p.stock) },
  { header: 'units_out', value: (p) => String(p.units_out) },
  { header: 'per_user_limit', value: (p) => (p.per_user_limit === null ? '' : String(p.per_user_limit)) },
  { header: 'physical', value: (p) => String(p.physical) },
  { header: 'gift', value: (p) => String(p.gift) },
  { header: 'on_sale', value: (p) => String(p.on_sale) },
  { header: 'pickup_from', value: (p) => p.pickup_from },
  { header: 'image', value: (p) => p.image },
  { header: 'updated_at', value: (p) => p.updated_at },
];

export const giftCsvColumns: readonly CsvColumn<GiftGrant>[] = [
  { header: 'id', value: (g) => g.id },
  { header: 'created_at', value: (g) => g.created_at },
  { header: 'address', value: (g) => g.address },
  { header: 'product_id', value: (g) => g.product.id },
  { header: 'product', value: (g) => langText(g.product.name, 'en_US') },
  { header: 'quantity', value: (g) => String(g.quantity) },
  { header: 'reason', value: (g) => g.reason },
  { header: 'operator', value: (g) => g.operator },
  { header: 'order_ids', value: (g) => g.order_ids.join(' ') },
];
