import { queryOptions } from '@tanstack/react-query';
import type { DeliveryAddress } from '@wallx/shared';
import { api } from '../../../lib/api';
import { useAccountQuery } from '../../../lib/account-query';
import { shippingKeys } from './keys';

/** My delivery addresses, the default one first. */
export function getAddresses(signal?: AbortSignal): Promise<{ items: DeliveryAddress[] }> {
  return api.get<{ items: DeliveryAddress[] }>('/api/addresses', signal ? { signal } : {});
}

export function addressesQueryOptions(account: string) {
  return queryOptions({ queryKey: shippingKeys.addresses(account), queryFn: ({ signal }) => getAddresses(signal) });
}

export function useAddresses() {
  return useAccountQuery(addressesQueryOptions);
}
