import type { OperatorValidator } from '@wallx/shared';
import { usePagedQuery } from '../../../lib/paged-query';
import { shippingKeys } from './keys';

export function useValidators() {
  return usePagedQuery<OperatorValidator>(shippingKeys.validators(), '/api/admin/validators');
}
