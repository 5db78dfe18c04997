import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page, Proposal, ProposalRequest, UnattributedDeposit } from '@wallx/shared';
import { api } from '../../../lib/api';
import { queryRoots } from '../../../lib/query-keys';
import { moneyKeys } from './keys';
import { MONEY_PAGE_SIZE, usePagedTable } from './paged';

export type ProposalFilters = { view: string; status: string };
export type UnattributedFilters = { status: string; asset: string };

export const useUnattributedDeposits = (filters: UnattributedFilters) =>
  usePagedTable<UnattributedDeposit>('/api/admin/deposits/unattributed', moneyKeys.unattributed(filters), filters);

export const useProposals = (filters: ProposalFilters) =>
  usePagedTable<Proposal>('/api/admin/proposals', moneyKeys.proposals(filters), filters);

/** The proposal waiting about one withdrawal, if any (at most one waits per withdrawal). */
export function useWaitingProposal(withdrawalId: string) {
  return useQuery({
    queryKey: moneyKeys.proposals({ status: 'pending', subject_id: withdrawalId }),
    queryFn: ({ signal }) =>
      api
        .get<Page<Proposal>>('/api/admin/proposals', {
          query: { status: 'pending', subject_id: withdrawalId, limit: MONEY_PAGE_SIZE },
          signal,
        })
        .then((page) => page.items[0] ?? null),
  });
}

type Step = { kind: 'propose'; request: ProposalRequest } | { kind: 'approve' | 'withdraw'; id: string };

function send(step: Step): Promise<Proposal> {
  if (step.kind === 'propose') return api.post<Proposal>('/api/admin/proposals', step.request);
  return api.post<Proposal>(`/api/admin/proposals/${encodeURIComponent(step.id)}/${step.kind}`);
}

/** Proposing, approving or withdrawing: each moves the money lists (a decision made) and writes audit rows. */
export function useProposalStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: moneyKeys.all }),
        queryClient.invalidateQueries({ queryKey: queryRoots.audit }),
      ]),
  });
}
