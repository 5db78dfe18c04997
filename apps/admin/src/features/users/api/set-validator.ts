import { api } from '../../../lib/api';
import { useAuditedMutation } from '../../../lib/audited-mutation';
import { userKeys } from './keys';

type ValidatorResult = { address: string; is_validator: boolean; point_ids: string[] };

/** The shipping module's endpoint: the user becomes the validator of exactly these points (none: no longer one). */
export function setValidator(address: string, pointIds: string[]): Promise<ValidatorResult> {
  return api.request<ValidatorResult>(`/api/admin/validators/${encodeURIComponent(address)}`, {
    method: 'PUT',
    body: { point_ids: pointIds },
  });
}

export function useSetValidator() {
  return useAuditedMutation(
    ({ address, pointIds }: { address: string; pointIds: string[] }) => setValidator(address, pointIds),
    [userKeys.all],
  );
}
