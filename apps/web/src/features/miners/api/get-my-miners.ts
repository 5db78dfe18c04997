import type { Miner } from '@wallx/shared';
import { getPage, pagedQueryOptions, useAccountPagedQuery } from '../../../lib/account-query';
import { minersKeys } from './keys';

/** The miners in the user's mine. */
export function getMyMiners(cursor: string | undefined, signal?: AbortSignal) {
  return getPage<Miner>('/api/miners/mine', {}, cursor, signal);
}

export function myMinersQueryOptions(account: string) {
  return pagedQueryOptions(minersKeys.mine(account), getMyMiners);
}

export function useMyMiners() {
  return useAccountPagedQuery(myMinersQueryOptions);
}
