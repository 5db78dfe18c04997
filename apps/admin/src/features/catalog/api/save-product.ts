import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OperatorProduct, ProductCreate, ProductEdit } from '@wallx/shared';
import { api } from '../../../lib/api';
import { queryRoots } from '../../../lib/query-keys';
import { productKeys } from './keys';

export function createProduct(input: ProductCreate): Promise<OperatorProduct> {
  return api.post<{ product: OperatorProduct }>('/api/admin/products', input).then((result) => result.product);
}

export function updateProduct(id: string, input: ProductEdit): Promise<OperatorProduct> {
  return api
    .put<{ product: OperatorProduct }>(`/api/admin/products/${encodeURIComponent(id)}`, input)
    .then((result) => result.product);
}

/** Every change of a product is audited: the product lists and the audit log are refetched. */
export function useInvalidateProducts() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: productKeys.all }),
      queryClient.invalidateQueries({ queryKey: queryRoots.audit }),
    ]);
}

export function useSaveProduct() {
  const invalidate = useInvalidateProducts();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: ProductCreate | ProductEdit }) =>
      id === null ? createProduct(input as ProductCreate) : updateProduct(id, input as ProductEdit),
    onSuccess: invalidate,
  });
}
