import { useQuery } from '@tanstack/react-query';
import type { MinerCategory, OperatorProduct, Page } from '@wallx/shared';
import { api } from '../../../lib/api';
import { usePagedQuery } from '../../../lib/paged-query';
import { productKeys } from './keys';

/** '' is no filter; 'true'/'false' as the server reads them. */
export type ProductFilters = {
  category: MinerCategory | '';
  gift: '' | 'true' | 'false';
  on_sale: '' | 'true' | 'false';
};

export function useProducts(filters: ProductFilters) {
  return usePagedQuery<OperatorProduct>(productKeys.list(filters), '/api/admin/products', filters);
}

/** The gift products a grant may name (a catalog holds a handful: the first hundred is all of them). */
export function useGiftProducts() {
  return useQuery({
    queryKey: productKeys.gifts(),
    queryFn: ({ signal }) =>
      api
        .get<Page<OperatorProduct>>('/api/admin/products', {
          query: { category: '', gift: 'true', on_sale: '', limit: 100 },
          signal,
        })
        .then((page) => page.items),
  });
}
