import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { MinerCategory, OperatorProduct, Page } from '@wallx/shared';
import { api } from '../../../lib/api';
import { productKeys } from './keys';

export const PRODUCTS_PAGE_SIZE = 50;

/** '' is no filter; 'true'/'false' as the server reads them. */
export type ProductFilters = {
  category: MinerCategory | '';
  gift: '' | 'true' | 'false';
  on_sale: '' | 'true' | 'false';
};

export function getProducts(
  filters: ProductFilters,
  cursor: string | undefined,
  signal?: AbortSignal,
  limit = PRODUCTS_PAGE_SIZE,
): Promise<Page<OperatorProduct>> {
  return api.get<Page<OperatorProduct>>('/api/admin/products', { query: { ...filters, limit, cursor }, signal });
}

export function useProducts(filters: ProductFilters) {
  return useInfiniteQuery({
    queryKey: productKeys.list(filters),
    queryFn: ({ pageParam, signal }) => getProducts(filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

/** The gift products a grant may name (a catalog holds a handful: the first hundred is all of them). */
export function useGiftProducts() {
  return useQuery({
    queryKey: productKeys.gifts(),
    queryFn: ({ signal }) =>
      getProducts({ category: '', gift: 'true', on_sale: '' }, undefined, signal, 100).then((page) => page.items),
  });
}
