import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MoneyReport, MoneySettings, MoneySettingsUpdate, Proposal } from '@wallx/shared';
import { api } from '../../../lib/api';
import { queryRoots } from '../../../lib/query-keys';
import { moneyKeys } from './keys';

export function useMoneySettings() {
  return useQuery({
    queryKey: moneyKeys.settings(),
    queryFn: ({ signal }) => api.get<MoneySettings>('/api/admin/money/settings', { signal }),
  });
}

/** A change is a proposal (decision 118): the settings stay as they are; the proposals and the audit log move. */
export function useProposeMoneySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: MoneySettingsUpdate) => api.put<Proposal>('/api/admin/money/settings', update),
    onSuccess: () =>
      Promise.all(
        [moneyKeys.allProposals, queryRoots.audit].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}

/** No range: the server's default, the last days up to today in the report's zone (named in the answer). */
export function useMoneyReport(range: { from?: string; to?: string }) {
  return useQuery({
    queryKey: moneyKeys.report(range),
    queryFn: ({ signal }) => api.get<MoneyReport>('/api/admin/money/report', { query: range, signal }),
  });
}
