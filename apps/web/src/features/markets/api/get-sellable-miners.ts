import type { Miner } from '@wallx/shared';
import { getPage, pagedQueryOptions, useAccountPagedQuery } from '../../../lib/account-query';
import { marketsKeys } from './keys';

/** A page of my miners that are off: the ones a sell order may list (gifts are shown, locked). */
export function getSellableMiners(cursor: string | undefined, signal?: AbortSignal) {
  return getPage<Miner>('/api/miners/mine', { state: 'off', limit: 50 }, cursor, signal);
}

export function sellableMinersQueryOptions(account: string) {
  return pagedQueryOptions(marketsKeys.sellableMiners(account), getSellableMiners);
}

export function useSellableMiners() {
  return useAccountPagedQuery(sellableMinersQueryOptions);
}
