import type { GiftGrant } from '@wallx/shared';
import { usePagedQuery } from '../../../lib/paged-query';
import { giftKeys } from './keys';

export type GiftFilters = { address: string };

export function useGifts(filters: GiftFilters) {
  return usePagedQuery<GiftGrant>(giftKeys.list(filters), '/api/admin/gifts', filters);
}
