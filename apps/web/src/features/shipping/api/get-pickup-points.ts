import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Country, PickupPoint } from '@wallx/shared';
import { api } from '../../../lib/api';
import { useAccountKey } from '../../../lib/account-query';
import { isLoggedIn, useSession } from '../../../lib/session-store';
import { shippingKeys } from './keys';

export type PickupRegion = { country: Country; province: string };

/** Pick-up points of a region that stock the product: the region the user picks, no address needed (decision 128). */
export function getPickupPoints(
  productId: string,
  region: PickupRegion,
  signal?: AbortSignal,
): Promise<{ items: PickupPoint[] }> {
  return api.get<{ items: PickupPoint[] }>('/api/shipping/points', {
    query: { product_id: productId, country: region.country, province: region.province },
    ...(signal && { signal }),
  });
}

export function pickupPointsQueryOptions(account: string, productId: string, region: PickupRegion) {
  return queryOptions({
    queryKey: shippingKeys.points(account, productId, region.country, region.province),
    queryFn: ({ signal }) => getPickupPoints(productId, region, signal),
  });
}

/** The points of the region chosen; nothing is asked until there is one. */
export function usePickupPoints(productId: string, region: PickupRegion | null) {
  const account = useAccountKey();
  const loggedIn = useSession(isLoggedIn);
  return useQuery({
    ...pickupPointsQueryOptions(account, productId, region ?? { country: 'CN', province: '' }),
    enabled: loggedIn && region !== null,
  });
}
