import { queryOptions } from '@tanstack/react-query';
import type { PickupPoint } from '@wallx/shared';
import { api } from '../../../lib/api';
import { useAccountQuery } from '../../../lib/account-query';
import { shippingKeys } from './keys';

/** Pick-up points of my region (that of my default address); refused without an address. */
export function getPickupPoints(signal?: AbortSignal): Promise<{ items: PickupPoint[] }> {
  return api.get<{ items: PickupPoint[] }>('/api/shipping/points', signal ? { signal } : {});
}

export function pickupPointsQueryOptions(account: string) {
  return queryOptions({ queryKey: shippingKeys.points(account), queryFn: ({ signal }) => getPickupPoints(signal) });
}

export function usePickupPoints() {
  return useAccountQuery(pickupPointsQueryOptions);
}
