import { useQuery } from '@tanstack/react-query';
import type { PickupPoint } from '@wallx/shared';
import { api } from '../../../lib/api';
import { queryRoots } from '../../../lib/query-keys';

export type OperatorPickupPoint = PickupPoint & { active: boolean };

export function getPickupPoints(signal?: AbortSignal): Promise<OperatorPickupPoint[]> {
  return api
    .get<{ items: OperatorPickupPoint[] }>('/api/admin/pickup-points', { signal })
    .then((result) => result.items);
}

/** Every pick-up point, active or not: a validator may be kept on a point that is closed for now. */
export function usePickupPoints({ enabled }: { enabled: boolean }) {
  return useQuery({ queryKey: queryRoots.pickupPoints, queryFn: ({ signal }) => getPickupPoints(signal), enabled });
}
