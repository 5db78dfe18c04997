import type { C2cOrder, MarketSort, MtradeOrder } from '@wallx/shared';
import { getPage, pagedQueryOptions, useAccountPagedQuery } from '../../../lib/account-query';
import { marketsKeys, type Market } from './keys';

export type OrderOf<M extends Market> = M extends 'mtrade' ? MtradeOrder : C2cOrder;

/** Pending, unexpired sell orders of other users, in the chosen order. */
export function getMarketOrders<M extends Market>(
  market: M,
  sort: MarketSort,
  cursor: string | undefined,
  signal?: AbortSignal,
) {
  return getPage<OrderOf<M>>(`/api/${market}/orders`, { sort }, cursor, signal);
}

export function marketOrdersQueryOptions<M extends Market>(account: string, market: M, sort: MarketSort) {
  return pagedQueryOptions(marketsKeys.orders(account, market, sort), (cursor, signal) =>
    getMarketOrders(market, sort, cursor, signal),
  );
}

export function useMarketOrders<M extends Market>(market: M, sort: MarketSort) {
  return useAccountPagedQuery((account) => marketOrdersQueryOptions(account, market, sort));
}
