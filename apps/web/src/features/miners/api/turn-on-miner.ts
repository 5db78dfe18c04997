import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Miner } from '@wallx/shared';
import { api } from '../../../lib/api';
import { invalidateDomains } from '../../../lib/query-keys';

export function turnOnMiner(minerId: string): Promise<{ miner: Miner }> {
  return api.post<{ miner: Miner }>(`/api/miners/${encodeURIComponent(minerId)}/turn_on`);
}

export function useTurnOnMiner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: turnOnMiner,
    onSuccess: () => invalidateDomains(queryClient, ['miners']),
  });
}
