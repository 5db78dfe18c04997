import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PickupPoint, PickupPointInput } from '@wallx/shared';
import { api } from '../../../lib/api';
import { queryRoots } from '../../../lib/query-keys';
import { shippingKeys } from './keys';

type SavedPoint = PickupPoint & { active: boolean };

/** Creates a point (no id) or replaces one. */
export function savePoint(id: string | null, input: PickupPointInput): Promise<SavedPoint> {
  return id === null
    ? api.post<SavedPoint>('/api/admin/pickup-points', input)
    : api.put<SavedPoint>(`/api/admin/pickup-points/${encodeURIComponent(id)}`, input);
}

export function setInventory(pointId: string, input: { product_id: string; quantity: number }): Promise<unknown> {
  return api.put(`/api/admin/pickup-points/${encodeURIComponent(pointId)}/inventory`, input);
}

function useInvalidateShipping() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: shippingKeys.all }),
      queryClient.invalidateQueries({ queryKey: queryRoots.audit }),
    ]);
}

export function useSavePoint() {
  const onSuccess = useInvalidateShipping();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: PickupPointInput }) => savePoint(id, input),
    onSuccess,
  });
}

export function useSetInventory() {
  const onSuccess = useInvalidateShipping();
  return useMutation({
    mutationFn: ({ pointId, productId, quantity }: { pointId: string; productId: string; quantity: number }) =>
      setInventory(pointId, { product_id: productId, quantity }),
    onSuccess,
  });
}
