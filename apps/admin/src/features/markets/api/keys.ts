import type { Market } from '@wallx/shared';
import { queryRoots } from '../../../lib/query-keys';
import type { OrderFilters } from './get-market-orders';

export const marketKeys = {
  all: queryRoots.markets,
  list: (market: Market, filters: OrderFilters) => [...queryRoots.markets, market, 'list', filters] as const,
};
