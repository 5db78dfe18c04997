import type { CsvColumn } from '../../lib/csv';
import type { MarketOrder } from './api/get-market-orders';

const isMtrade = (order: MarketOrder) => 'machine_no' in order;

/** One set of columns for both markets: what a column does not apply to is left empty. */
export const marketsCsvColumns: readonly CsvColumn<MarketOrder>[] = [
  { header: 'id', value: (order) => order.id },
  { header: 'created_at', value: (order) => order.created_at },
  { header: 'status', value: (order) => order.status },
  { header: 'seller', value: (order) => order.seller },
  { header: 'buyer', value: (order) => order.buyer },
  { header: 'machine_no', value: (order) => (isMtrade(order) ? (order as { machine_no: string }).machine_no : null) },
  { header: 'amount_wallx', value: (order) => ('amount' in order ? order.amount : null) },
  { header: 'unit_price_usdt', value: (order) => order.unit_price },
  { header: 'total_usdt', value: (order) => ('total' in order ? order.total : order.unit_price) },
  { header: 'fee', value: (order) => order.fee },
  { header: 'expires_at', value: (order) => order.expires_at },
  { header: 'filled_at', value: (order) => order.filled_at },
  { header: 'cancelled_at', value: (order) => order.cancelled_at },
  { header: 'cancel_reason', value: (order) => order.cancel_reason },
  { header: 'cancel_note', value: (order) => order.cancel_note },
];
