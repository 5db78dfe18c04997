import { useInfiniteQuery } from '@tanstack/react-query';
import type { OperatorValidator, Page } from '@wallx/shared';
import { api } from '../../../lib/api';
import { shippingKeys } from './keys';

export const VALIDATORS_PAGE_SIZE = 50;

export function getValidators(cursor: string | undefined, signal?: AbortSignal): Promise<Page<OperatorValidator>> {
  return api.get<Page<OperatorValidator>>('/api/admin/validators', {
    query: { limit: VALIDATORS_PAGE_SIZE, cursor },
    signal,
  });
}

export function useValidators() {
  return useInfiniteQuery({
    queryKey: shippingKeys.validators(),
    queryFn: ({ pageParam, signal }) => getValidators(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}
