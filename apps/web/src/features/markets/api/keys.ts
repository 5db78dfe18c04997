import type { Market, MarketSort, OrderRole } from '@wallx/shared';
import { queryRoots } from '../../../lib/query-keys';

export type { Market, OrderRole } from '@wallx/shared';

/** Every query key of the markets feature; what an account sees carries its address. */
export const marketsKeys = {
  all: queryRoots.markets,
  config: () => [...queryRoots.markets, 'config'] as const,
  /** Everything of one market: its list of others' orders and my orders (an order sold or withdrawn changes both). */
  market: (market: Market) => [...queryRoots.markets, market] as const,
  /** Others' orders: the viewer's own are left out, so the list is per account. */
  orders: (account: string, market: Market, sort: MarketSort) =>
    [...queryRoots.markets, market, 'orders', account, sort] as const,
  myOrders: (account: string, market: Market, role: OrderRole) =>
    [...queryRoots.markets, market, 'mine', account, role] as const,
  sellableMiners: (account: string) => [...queryRoots.markets, 'sellable-miners', account] as const,
};
