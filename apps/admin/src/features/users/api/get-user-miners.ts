import { PAGE_SIZE, type Miner, type MinerState } from '@wallx/shared';
import { usePagedQuery } from '../../../lib/paged-query';
import { userKeys } from './keys';

// One user's miners page as the app pages them: a detail panel has room for fewer rows than a list.
export function useUserMiners(id: string, state: MinerState | null) {
  return usePagedQuery<Miner>(
    userKeys.miners(id, state),
    `/api/admin/users/${encodeURIComponent(id)}/miners`,
    { state },
    PAGE_SIZE,
  );
}
