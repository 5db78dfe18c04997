import { queryOptions } from '@tanstack/react-query';
import type { PickupPoint } from '@wallx/shared';
import { api } from '../../../lib/api';
import { useAccountQuery } from '../../../lib/account-query';
import { shippingKeys } from './keys';

/** Pick-up points of my region (that of my default address) that stock the product; refused without an address. */
export function getPickupPoints(productId: string, signal?: AbortSignal): Promise<{ items: PickupPoint[] }> {
  return api.get<{ items: PickupPoint[] }>(
    `/api/shipping/points?product_id=${encodeURIComponent(productId)}`,
    signal ? { signal } : {},
  );
}

export function pickupPointsQueryOptions(account: string, productId: string) {
  return queryOptions({
    queryKey: shippingKeys.points(account, productId),
    queryFn: ({ signal }) => getPickupPoints(productId, signal),
  });
}

export function usePickupPoints(productId: string) {
  return useAccountQuery((account) => pickupPointsQueryOptions(account, productId));
}
