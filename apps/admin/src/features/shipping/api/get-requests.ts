import type { OperatorShippingRequest } from '@wallx/shared';
import { usePagedQuery } from '../../../lib/paged-query';
import { shippingKeys, type RequestFilters } from './keys';

export function useRequests(filters: RequestFilters) {
  return usePagedQuery<OperatorShippingRequest>(
    shippingKeys.requests(filters),
    '/api/admin/shipping/requests',
    filters,
  );
}
