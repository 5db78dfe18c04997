import type { C2cOrder, Market, MarketOrderStatus, MtradeOrder } from '@wallx/shared';
import { usePagedQuery } from '../../../lib/paged-query';
import { marketKeys } from './keys';

/** The filters as the address keeps them: '' is no filter. */
export type OrderFilters = { status: MarketOrderStatus | ''; seller: string; buyer: string };

export type MarketOrder = MtradeOrder | C2cOrder;

export function useMarketOrders(market: Market, filters: OrderFilters) {
  return usePagedQuery<MarketOrder>(marketKeys.list(market, filters), `/api/admin/markets/${market}/orders`, filters);
}
