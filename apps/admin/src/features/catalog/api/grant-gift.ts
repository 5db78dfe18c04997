import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GiftGrant, GiftGrantRequest } from '@wallx/shared';
import { api } from '../../../lib/api';
import { queryRoots } from '../../../lib/query-keys';
import { giftKeys, productKeys } from './keys';

/** `key`: one per grant the operator means; a retry of the same (a timed-out answer) grants once. */
export function grantGift(input: GiftGrantRequest, key: string): Promise<GiftGrant> {
  return api
    .post<{ grant: GiftGrant }>('/api/admin/gifts', input, { headers: { 'Idempotency-Key': key } })
    .then((result) => result.grant);
}

export function useGrantGift() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, key }: { input: GiftGrantRequest; key: string }) => grantGift(input, key),
    // A grant takes stock and writes an audit row.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: giftKeys.all }),
        queryClient.invalidateQueries({ queryKey: productKeys.all }),
        queryClient.invalidateQueries({ queryKey: queryRoots.audit }),
      ]),
  });
}
