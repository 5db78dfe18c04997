import { fieldColumns, type CsvColumn } from '../../lib/csv';
import type { MarketOrder } from './api/get-market-orders';

const isMtrade = (order: MarketOrder) => 'machine_no' in order;

/** One set of columns for both markets: what a column does not apply to is left empty. */
export const marketsCsvColumns: readonly CsvColumn<MarketOrder>[] = [
  ...fieldColumns<MarketOrder>('id', 'created_at', 'status', 'seller', 'buyer'),
  { header: 'machine_no', value: (order) => (isMtrade(order) ? (order as { machine_no: string }).machine_no : null) },
  { header: 'amount_wallx', value: (order) => ('amount' in order ? order.amount : null) },
  { header: 'unit_price_usdt', value: (order) => order.unit_price },
  { header: 'total_usdt', value: (order) => ('total' in order ? order.total : order.unit_price) },
  ...fieldColumns<MarketOrder>('fee', 'expires_at', 'filled_at', 'cancelled_at', 'cancel_reason', 'cancel_note'),
];
