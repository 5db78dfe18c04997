import { useQuery } from '@tanstack/react-query';
import {
  CONSOLE_PAGE_SIZE,
  type Page,
  type Proposal,
  type ProposalRequest,
  type UnattributedDeposit,
} from '@wallx/shared';
import { api } from '../../../lib/api';
import { useAuditedMutation } from '../../../lib/audited-mutation';
import { moneyKeys } from './keys';
import { usePagedQuery } from '../../../lib/paged-query';

export type ProposalFilters = { view: string; status: string; subject_type: string };
export type UnattributedFilters = { status: string; asset: string };

export const useUnattributedDeposits = (filters: UnattributedFilters) =>
  usePagedQuery<UnattributedDeposit>(moneyKeys.unattributed(filters), '/api/admin/deposits/unattributed', filters);

export const useProposals = (filters: ProposalFilters) =>
  usePagedQuery<Proposal>(moneyKeys.proposals(filters), '/api/admin/proposals', filters);

/**
 * The proposal waiting about one subject, if any (at most one waits per subject): a withdrawal by its
 * id, or the fees and limits (`{ subject_type: 'money_settings' }`, which have one subject).
 */
export function useWaitingProposal(about: { subject_id: string } | { subject_type: 'money_settings' }) {
  const query = { status: 'pending', ...about };
  return useQuery({
    queryKey: moneyKeys.proposals(query),
    queryFn: ({ signal }) =>
      api
        .get<Page<Proposal>>('/api/admin/proposals', { query: { ...query, limit: CONSOLE_PAGE_SIZE }, signal })
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
  return useAuditedMutation(send, [moneyKeys.all]);
}
