import { useQuery } from '@tanstack/react-query';
import type { RewardsFundRequest, WellbeingSummary, Proposal } from '@wallx/shared';
import { api } from '../../../lib/api';
import { useAuditedMutation } from '../../../lib/audited-mutation';
import { queryRoots } from '../../../lib/query-keys';
import { wellbeingKeys } from './keys';

/** No range: the server's default, the last 7 days up to today in the check-in zone (named in the answer). */
export function useWellbeingSummary(range: { from?: string; to?: string }) {
  return useQuery({
    queryKey: wellbeingKeys.summary(range),
    queryFn: ({ signal }) => api.get<WellbeingSummary>('/api/admin/wellbeing/summary', { query: range, signal }),
  });
}

/** Adding to the budget is a proposal: the budget stays as it is until another operator approves. */
export function useProposeFunding() {
  return useAuditedMutation(
    (request: RewardsFundRequest) => api.post<Proposal>('/api/admin/wellbeing/budget', request),
    [wellbeingKeys.all, queryRoots.money],
  );
}
