import type { Withdrawal } from '@wallx/shared';
import { getPage, pagedQueryOptions, useAccountPagedQuery } from '../../../lib/account-query';
import { fundsKeys } from './keys';

export function getWithdrawals(cursor: string | undefined, signal?: AbortSignal) {
  return getPage<Withdrawal>('/api/funds/withdrawals', {}, cursor, signal);
}

export function withdrawalsQueryOptions(account: string) {
  return pagedQueryOptions(fundsKeys.withdrawals(account), getWithdrawals);
}

export function useWithdrawals() {
  return useAccountPagedQuery(withdrawalsQueryOptions);
}
