import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MinerCategory, MinerProduct } from '@wallx/shared';
import { api } from '../../../lib/api';
import { minersKeys } from './keys';

export function getProducts({
  category,
  signal,
}: {
  category: MinerCategory;
  signal?: AbortSignal;
}): Promise<{ items: MinerProduct[] }> {
  return api.get<{ items: MinerProduct[] }>('/api/miners/products', { query: { category }, ...(signal && { signal }) });
}

export function productsQueryOptions(category: MinerCategory) {
  return queryOptions({
    queryKey: minersKeys.products(category),
    queryFn: ({ signal }) => getProducts({ category, signal }),
  });
}

export function useProducts(category: MinerCategory) {
  return useQuery(productsQueryOptions(category));
}
