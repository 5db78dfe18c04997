import type { Deposit } from '@wallx/shared';
import { getPage, pagedQueryOptions, useAccountPagedQuery } from '../../../lib/account-query';
import { fundsKeys } from './keys';

/** Deposits the user reported, newest first, with what the chain says of each. */
export function getDeposits(cursor: string | undefined, signal?: AbortSignal) {
  return getPage<Deposit>('/api/funds/recharges', {}, cursor, signal);
}

export function depositsQueryOptions(account: string) {
  return pagedQueryOptions(fundsKeys.deposits(account), getDeposits);
}

export function useDeposits() {
  return useAccountPagedQuery(depositsQueryOptions);
}
