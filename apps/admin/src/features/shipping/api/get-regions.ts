import { useQuery } from '@tanstack/react-query';
import type { Regions } from '@wallx/shared';
import { api } from '../../../lib/api';
import { shippingKeys } from './keys';

/** The countries and provinces a point may be in: the app's public list, the same for every caller. */
export function useRegions() {
  return useQuery({
    queryKey: shippingKeys.regions(),
    queryFn: ({ signal }) => api.get<Regions>('/api/regions', { signal, auth: false }),
    staleTime: Infinity,
  });
}
