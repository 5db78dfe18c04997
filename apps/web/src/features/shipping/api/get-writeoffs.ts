import type { Voucher } from '@wallx/shared';
import { getPage, pagedQueryOptions, useAccountPagedQuery } from '../../../lib/account-query';
import { shippingKeys } from './keys';

export function getWriteoffs(cursor: string | undefined, signal?: AbortSignal) {
  return getPage<Voucher>('/api/validator/writeoffs', {}, cursor, signal);
}

export function writeoffsQueryOptions(account: string) {
  return pagedQueryOptions(shippingKeys.writeoffs(account), getWriteoffs);
}

/** The vouchers I wrote off as a validator, newest first. */
export function useWriteoffs() {
  return useAccountPagedQuery(writeoffsQueryOptions);
}
