import { useQuery } from '@tanstack/react-query';
import type { OperatorSupportLine, SupportLineUpdate } from '@wallx/shared';
import { api } from '../../../lib/api';
import { useAuditedMutation } from '../../../lib/audited-mutation';
import { wellbeingKeys } from './keys';

export function useSupportLines() {
  return useQuery({
    queryKey: wellbeingKeys.supportLines(),
    queryFn: ({ signal }) => api.get<{ items: OperatorSupportLine[] }>('/api/admin/support-lines', { signal }),
  });
}

const lineUrl = (country: string) => `/api/admin/support-lines/${encodeURIComponent(country)}`;

export function useSaveSupportLine() {
  return useAuditedMutation(
    ({ country, line }: { country: string; line: SupportLineUpdate }) =>
      api.put<OperatorSupportLine>(lineUrl(country), line),
    [wellbeingKeys.supportLines()],
  );
}

export function useDeleteSupportLine() {
  return useAuditedMutation(
    (country: string) => api.delete<{ country: string }>(lineUrl(country)),
    [wellbeingKeys.supportLines()],
  );
}
