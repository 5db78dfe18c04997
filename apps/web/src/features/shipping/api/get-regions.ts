import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Regions } from '@wallx/shared';
import { api } from '../../../lib/api';
import { shippingKeys } from './keys';

/** The countries and provinces an address may name; public, and the same for the whole visit. */
export function getRegions(signal?: AbortSignal): Promise<Regions> {
  return api.get<Regions>('/api/regions', { auth: false, ...(signal && { signal }) });
}

export function regionsQueryOptions() {
  return queryOptions({
    queryKey: shippingKeys.regions(),
    queryFn: ({ signal }) => getRegions(signal),
    staleTime: Infinity,
  });
}

export function useRegions() {
  return useQuery(regionsQueryOptions());
}
