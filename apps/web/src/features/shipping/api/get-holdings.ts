import { queryOptions } from '@tanstack/react-query';
import type { Holdings } from '@wallx/shared';
import { api } from '../../../lib/api';
import { useAccountQuery } from '../../../lib/account-query';
import { shippingKeys } from './keys';

/** The physical products I hold (unused orders and miners), and whether my one request is made. */
export function getHoldings(signal?: AbortSignal): Promise<Holdings> {
  return api.get<Holdings>('/api/shipping/holdings', signal ? { signal } : {});
}

export function holdingsQueryOptions(account: string) {
  return queryOptions({ queryKey: shippingKeys.holdings(account), queryFn: ({ signal }) => getHoldings(signal) });
}

export function useHoldings() {
  return useAccountQuery(holdingsQueryOptions);
}
