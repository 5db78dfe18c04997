import { useQuery } from '@tanstack/react-query';
import {
  CONSOLE_PAGE_SIZE,
  type CheckinSettings,
  type CheckinSettingsUpdate,
  type Page,
  type Proposal,
  type ProposalSubjectType,
} from '@wallx/shared';
import { api } from '../../../lib/api';
import { useAuditedMutation } from '../../../lib/audited-mutation';
import { queryRoots } from '../../../lib/query-keys';
import { wellbeingKeys } from './keys';

export function useCheckinSettings() {
  return useQuery({
    queryKey: wellbeingKeys.settings(),
    queryFn: ({ signal }) => api.get<CheckinSettings>('/api/admin/wellbeing/settings', { signal }),
  });
}

/** A change is a proposal (decision 118): the rules stay as they are; the proposals and the audit log move. */
export function useProposeCheckinSettings() {
  return useAuditedMutation(
    (update: CheckinSettingsUpdate) => api.post<Proposal>('/api/admin/wellbeing/settings', update),
    [wellbeingKeys.all, queryRoots.money],
  );
}

/** The proposal waiting about the reward rules or the budget, if any (one waits per subject). */
export function useWaitingProposal(subjectType: Extract<ProposalSubjectType, 'checkin_settings' | 'rewards_budget'>) {
  const query = { status: 'pending', subject_type: subjectType, limit: CONSOLE_PAGE_SIZE };
  return useQuery({
    queryKey: wellbeingKeys.waiting(subjectType),
    queryFn: ({ signal }) =>
      api.get<Page<Proposal>>('/api/admin/proposals', { query, signal }).then((page) => page.items[0] ?? null),
  });
}
