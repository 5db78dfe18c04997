import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useAccountKey } from '../../../lib/account-query';
import { noticesUnreadQueryOptions } from '../../../lib/notices-unread';

export function markNoticesRead(seq: string): Promise<unknown> {
  return api.post('/api/notices/read', { seq });
}

/** The notices up to `seq` have been seen: the bell's count goes (the list keeps its "New" marks until left). */
export function useMarkNoticesRead() {
  const queryClient = useQueryClient();
  const account = useAccountKey();
  return useMutation({
    mutationFn: markNoticesRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: noticesUnreadQueryOptions(account).queryKey }),
  });
}
