import type { GiftGrant, GiftGrantRequest } from '@wallx/shared';
import { api } from '../../../lib/api';
import { useAuditedMutation } from '../../../lib/audited-mutation';
import { giftKeys, productKeys } from './keys';

/** `key`: one per grant the operator means; a retry of the same (a timed-out answer) grants once. */
export function grantGift(input: GiftGrantRequest, key: string): Promise<GiftGrant> {
  return api
    .post<{ grant: GiftGrant }>('/api/admin/gifts', input, { headers: { 'Idempotency-Key': key } })
    .then((result) => result.grant);
}

export function useGrantGift() {
  // A grant takes stock and writes an audit row.
  return useAuditedMutation(
    ({ input, key }: { input: GiftGrantRequest; key: string }) => grantGift(input, key),
    [giftKeys.all, productKeys.all],
  );
}
