import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { queryRoots } from './query-keys';

/**
 * A change an operator makes: once it succeeds, the lists under `keys` (the list's own query keys)
 * are read again, and so is the audit log, which gained a row.
 */
export function useAuditedMutation<Data, Variables>(
  mutationFn: (variables: Variables) => Promise<Data>,
  keys: readonly QueryKey[],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([...keys, queryRoots.audit].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
