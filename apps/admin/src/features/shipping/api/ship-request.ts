import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OperatorShippingRequest } from '@wallx/shared';
import { api } from '../../../lib/api';
import { queryRoots } from '../../../lib/query-keys';
import { shippingKeys } from './keys';

export type ShipInput = { carrier: string; tracking_no: string };

export function shipRequest(id: string, input: ShipInput): Promise<OperatorShippingRequest> {
  return api
    .post<{ request: OperatorShippingRequest }>(`/api/admin/shipping/requests/${encodeURIComponent(id)}/ship`, input)
    .then((result) => result.request);
}

export function useShipRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: ShipInput }) => shipRequest(id, input),
    // The request moves from 'to ship' to 'shipped', and an audit row is written.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: shippingKeys.all }),
        queryClient.invalidateQueries({ queryKey: queryRoots.audit }),
      ]),
  });
}
