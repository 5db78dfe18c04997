import type { Transfer } from '@wallx/shared';
import { getPage, pagedQueryOptions, useAccountPagedQuery } from '../../../lib/account-query';
import { fundsKeys } from './keys';

export function getTransfers(cursor: string | undefined, signal?: AbortSignal) {
  return getPage<Transfer>('/api/funds/transfers', {}, cursor, signal);
}

export function transfersQueryOptions(account: string) {
  return pagedQueryOptions(fundsKeys.transfers(account), getTransfers);
}

export function useTransfers() {
  return useAccountPagedQuery(transfersQueryOptions);
}
