import { useMutation } from '@tanstack/react-query';
import type { OperatorProduct } from '@wallx/shared';
import { api } from '../../../lib/api';
import { useInvalidateProducts } from './save-product';

/** The file goes as the raw body with its own type; the server checks its bytes against that type. */
export function uploadProductImage(id: string, file: Blob): Promise<{ image: string; product: OperatorProduct }> {
  return api.put<{ image: string; product: OperatorProduct }>(
    `/api/admin/products/${encodeURIComponent(id)}/image`,
    file,
  );
}

export function useUploadProductImage() {
  const invalidate = useInvalidateProducts();
  return useMutation({
    mutationFn: ({ id, file }: { id: string; file: Blob }) => uploadProductImage(id, file),
    onSuccess: invalidate,
  });
}
