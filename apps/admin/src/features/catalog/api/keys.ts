import { queryRoots } from '../../../lib/query-keys';
import type { GiftFilters } from './get-gifts';
import type { ProductFilters } from './get-products';

export const productKeys = {
  all: queryRoots.products,
  list: (filters: ProductFilters) => [...queryRoots.products, 'list', filters] as const,
  gifts: () => [...queryRoots.products, 'gift-products'] as const,
};

export const giftKeys = {
  all: queryRoots.gifts,
  list: (filters: GiftFilters) => [...queryRoots.gifts, 'list', filters] as const,
};
