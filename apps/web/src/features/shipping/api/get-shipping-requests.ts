import type { InfiniteData } from '@tanstack/react-query';
import type { Page, ShippingRequest } from '@wallx/shared';
import { getPage, pagedQueryOptions, useAccountPagedQuery } from '../../../lib/account-query';
import { isPendingVoucher } from '../holding-rules';
import { shippingKeys } from './keys';

/** While a voucher waits at the counter, its holder's screen follows the validator's write-off. */
export const PENDING_VOUCHER_POLL_MS = 10_000;

export function getShippingRequests(cursor: string | undefined, signal?: AbortSignal) {
  return getPage<ShippingRequest>('/api/shipping/requests', {}, cursor, signal);
}

function hasPendingVoucher(data: InfiniteData<Page<ShippingRequest>> | undefined): boolean {
  return data?.pages.some((page) => page.items.some(isPendingVoucher)) ?? false;
}

export function shippingRequestsQueryOptions(account: string) {
  return {
    ...pagedQueryOptions(shippingKeys.requests(account), getShippingRequests),
    refetchInterval: (query: { state: { data: InfiniteData<Page<ShippingRequest>> | undefined } }) =>
      hasPendingVoucher(query.state.data) ? PENDING_VOUCHER_POLL_MS : false,
  };
}

/** My delivery and pick-up requests (one per account), newest first. */
export function useShippingRequests() {
  return useAccountPagedQuery(shippingRequestsQueryOptions);
}
