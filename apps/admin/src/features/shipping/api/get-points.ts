import type { OperatorPickupPoint } from '@wallx/shared';
import { usePagedQuery } from '../../../lib/paged-query';
import { shippingKeys, type PointFilters } from './keys';

export function usePoints(filters: PointFilters) {
  return usePagedQuery<OperatorPickupPoint>(shippingKeys.points(filters), '/api/admin/pickup-points', filters);
}
