import { useQuery } from '@tanstack/react-query';
import type { CompanionSettings, CompanionSettingsUpdate, CompanionSummary } from '@wallx/shared';
import { api } from '../../../lib/api';
import { useAuditedMutation } from '../../../lib/audited-mutation';
import { queryRoots } from '../../../lib/query-keys';

export const companionKeys = {
  all: queryRoots.companion,
  summary: (range: { from?: string; to?: string }) => [...queryRoots.companion, 'summary', range] as const,
  settings: () => [...queryRoots.companion, 'settings'] as const,
};

/** No range: the server's default, the last 7 days up to today in its zone (named in the answer). */
export function useCompanionSummary(range: { from?: string; to?: string }) {
  return useQuery({
    queryKey: companionKeys.summary(range),
    queryFn: ({ signal }) => api.get<CompanionSummary>('/api/admin/companion/summary', { query: range, signal }),
  });
}

export function useCompanionSettings() {
  return useQuery({
    queryKey: companionKeys.settings(),
    queryFn: ({ signal }) => api.get<CompanionSettings>('/api/admin/companion/settings', { signal }),
  });
}

/** In force at once, with an audit row (decision 156): the allowance and the budget bound a cost, they move no one's money. */
export function useSaveCompanionSettings() {
  return useAuditedMutation(
    (update: CompanionSettingsUpdate) => api.put<CompanionSettings>('/api/admin/companion/settings', update),
    [companionKeys.all],
  );
}
