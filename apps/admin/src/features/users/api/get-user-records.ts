import { PAGE_SIZE, type Asset, type FundRecord } from '@wallx/shared';
import { usePagedQuery } from '../../../lib/paged-query';
import { userKeys } from './keys';

// One user's records page as the app pages them: a detail panel has room for fewer rows than a list.
export function useUserRecords(id: string, asset: Asset | null) {
  return usePagedQuery<FundRecord>(
    userKeys.records(id, asset),
    `/api/admin/users/${encodeURIComponent(id)}/records`,
    { asset },
    PAGE_SIZE,
  );
}
