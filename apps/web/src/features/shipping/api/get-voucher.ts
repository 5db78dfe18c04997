import { queryOptions } from '@tanstack/react-query';
import type { Voucher } from '@wallx/shared';
import { api } from '../../../lib/api';
import { shippingKeys } from './keys';

/**
 * A voucher at a point I serve as a validator, by its code (the server forgives case, spaces and
 * dashes). A read, but sent as a POST: the code collects a miner, and URLs end up in access logs.
 */
export function getVoucher(code: string, signal?: AbortSignal): Promise<Voucher> {
  return api.post<Voucher>('/api/validator/vouchers/lookup', { code }, signal ? { signal } : {});
}

export function voucherQueryOptions(account: string, code: string) {
  // Each look-up asks afresh: another validator may have written it off a moment ago.
  return queryOptions({
    queryKey: shippingKeys.voucher(account, code),
    queryFn: ({ signal }) => getVoucher(code, signal),
    staleTime: 0,
  });
}
