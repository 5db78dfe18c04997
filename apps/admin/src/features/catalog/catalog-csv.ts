import { langText, type GiftGrant, type OperatorProduct } from '@wallx/shared';
import { fieldColumns, type CsvColumn } from '../../lib/csv';

export const productCsvColumns: readonly CsvColumn<OperatorProduct>[] = [
  ...fieldColumns<OperatorProduct>('id'),
  { header: 'name_en', value: (p) => langText(p.name, 'en_US') },
  { header: 'name_zh', value: (p) => langText(p.name, 'zh_CN') },
  ...fieldColumns<OperatorProduct>(
    'category',
    'price_usdt',
    'price_wallx',
    'daily_output',
    'output_days',
    'stock',
    'units_out',
  ),
  { header: 'per_user_limit', value: (p) => (p.per_user_limit === null ? '' : String(p.per_user_limit)) },
  ...fieldColumns<OperatorProduct>('physical', 'gift', 'on_sale', 'pickup_from', 'image', 'updated_at'),
];

export const giftCsvColumns: readonly CsvColumn<GiftGrant>[] = [
  ...fieldColumns<GiftGrant>('id', 'created_at', 'address'),
  { header: 'product_id', value: (g) => g.product.id },
  { header: 'product', value: (g) => langText(g.product.name, 'en_US') },
  ...fieldColumns<GiftGrant>('quantity', 'reason', 'operator'),
  { header: 'order_ids', value: (g) => g.order_ids.join(' ') },
];
