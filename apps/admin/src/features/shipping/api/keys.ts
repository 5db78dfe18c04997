import type { Country, ShippingKind, ShippingStatus } from '@wallx/shared';
import { queryRoots } from '../../../lib/query-keys';

export type RequestFilters = { status: ShippingStatus | null; kind: ShippingKind | null };
export type PointFilters = { country: Country | null; province: string };

export const shippingKeys = {
  all: queryRoots.shipping,
  requests: (filters: RequestFilters) => [...queryRoots.shipping, 'requests', filters] as const,
  points: (filters: PointFilters) => [...queryRoots.shipping, 'points', filters] as const,
  validators: () => [...queryRoots.shipping, 'validators'] as const,
  regions: () => [...queryRoots.shipping, 'regions'] as const,
};
