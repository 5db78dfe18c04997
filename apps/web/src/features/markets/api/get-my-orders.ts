import { getPage, pagedQueryOptions, useAccountPagedQuery } from '../../../lib/account-query';
import type { OrderOf } from './get-market-orders';
import { marketsKeys, type Market, type OrderRole } from './keys';

export type { OrderRole };

/** My orders of one market, as seller or buyer, in any status, newest first. */
export function getMyOrders<M extends Market>(
  market: M,
  role: OrderRole,
  cursor: string | undefined,
  signal?: AbortSignal,
) {
  return getPage<OrderOf<M>>(`/api/${market}/my_orders`, { role }, cursor, signal);
}

export function myOrdersQueryOptions<M extends Market>(account: string, market: M, role: OrderRole) {
  return pagedQueryOptions(marketsKeys.myOrders(account, market, role), (cursor, signal) =>
    getMyOrders(market, role, cursor, signal),
  );
}

export function useMyOrders<M extends Market>(market: M, role: OrderRole) {
  return useAccountPagedQuery((account) => myOrdersQueryOptions(account, market, role));
}
