import { useMutation } from '@tanstack/react-query';
import type { OperatorProduct } from '@wallx/shared';
import { api } from '../../../lib/api';
import { useInvalidateProducts } from './save-product';

export function adjustStock(id: string, change: number): Promise<OperatorProduct> {
  return api
    .post<{ product: OperatorProduct }>(`/api/admin/products/${encodeURIComponent(id)}/stock`, { change })
    .then((result) => result.product);
}

export function useAdjustStock() {
  const invalidate = useInvalidateProducts();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: number }) => adjustStock(id, change),
    onSuccess: invalidate,
  });
}
