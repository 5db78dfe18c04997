import type { OperatorShippingRequest } from '@wallx/shared';
import { api } from '../../../lib/api';
import { useAuditedMutation } from '../../../lib/audited-mutation';
import { shippingKeys } from './keys';

export type ShipInput = { carrier: string; tracking_no: string };

export function shipRequest(id: string, input: ShipInput): Promise<OperatorShippingRequest> {
  return api
    .post<{ request: OperatorShippingRequest }>(`/api/admin/shipping/requests/${encodeURIComponent(id)}/ship`, input)
    .then((result) => result.request);
}

export function useShipRequest() {
  // The request moves from 'to ship' to 'shipped', and an audit row is written.
  return useAuditedMutation(
    ({ id, input }: { id: string; input: ShipInput }) => shipRequest(id, input),
    [shippingKeys.all],
  );
}
