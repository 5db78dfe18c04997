import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MinerCategory, MinerProduct } from '@wallx/shared';
import { api } from '../../../lib/api';

export function getProducts({ category, signal }: { category: MinerCategory; signal?: AbortSignal }): Promise<{ items: MinerProduct[] }> {
  return api.get<{ items: MinerProduct[] }>('/api/miners/products', { query: { category }, ...(signal && { signal }) });
}

/** The catalog is the same for everyone (guests included), so it is not keyed by address. */
export const productsQueryKey = ['miners', 'products'] as const;

export function productsQueryOptions(category: MinerCategory) {
  return queryOptions({
    queryKey: [...productsQueryKey, category],
    queryFn: ({ signal }) => getProducts({ category, signal }),
  });
}

export function useProducts(category: MinerCategory) {
  return useQuery(productsQueryOptions(category));
}
