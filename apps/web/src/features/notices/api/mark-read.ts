import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryRoots } from '../../../lib/query-keys';

export function markNoticesRead(seq: string): Promise<unknown> {
  return api.post('/api/notices/read', { seq });
}

/** The notices up to `seq` have been seen: the bell's count goes (the list keeps its "New" marks until left). */
export function useMarkNoticesRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNoticesRead,
    // The bell's count (lib/notices-unread), by its key's start: that module stays in the user centre's chunk.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...queryRoots.notices, 'unread'] }),
  });
}
