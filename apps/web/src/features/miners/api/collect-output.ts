import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CollectResult } from '@wallx/shared';
import { api } from '../../../lib/api';
import { session } from '../../../lib/session-store';
import { userInfoQueryKey } from '../../../lib/user-info';
import { fundRecordsQueryKey, minersQueryKey } from './page';

/** One output record, or every one waiting (`outputId` undefined), into the WALLX balance. */
export function collectOutput(outputId: string | undefined): Promise<CollectResult> {
  const path = outputId === undefined ? '/api/miners/outputs/collect_all' : `/api/miners/outputs/${encodeURIComponent(outputId)}/collect`;
  return api.post<CollectResult>(path);
}

export function useCollectOutput() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: collectOutput,
    onSuccess: ({ balance }) => {
      const current = session.getState().balance;
      session.updateAccount({ balance: { ...current, wallx: balance.wallx } });
      for (const queryKey of [userInfoQueryKey, minersQueryKey, fundRecordsQueryKey]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
  });
}
