import type { MinerOrder, MinerOrderStatus } from '@wallx/shared';
import { getPage, pagedQueryOptions, useAccountPagedQuery } from '../../../lib/account-query';
import { minersKeys } from './keys';

/** Miner orders: one per unit bought or given, unused until placed in the mine. */
export function getMinerOrders(status: MinerOrderStatus, cursor: string | undefined, signal?: AbortSignal) {
  return getPage<MinerOrder>('/api/miners/orders', { status }, cursor, signal);
}

export function minerOrdersQueryOptions(account: string, status: MinerOrderStatus) {
  return pagedQueryOptions(minersKeys.orders(account, status), (cursor, signal) =>
    getMinerOrders(status, cursor, signal),
  );
}

export function useMinerOrders(status: MinerOrderStatus) {
  return useAccountPagedQuery((account) => minerOrdersQueryOptions(account, status));
}
