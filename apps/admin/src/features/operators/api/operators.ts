import { useQuery } from '@tanstack/react-query';
import type { OperatorEntry, OperatorRole, Page, Proposal } from '@wallx/shared';
import { api } from '../../../lib/api';
import { useAuditedMutation } from '../../../lib/audited-mutation';
import { queryRoots } from '../../../lib/query-keys';

export const operatorKeys = {
  all: queryRoots.operators,
  list: [...queryRoots.operators, 'list'] as const,
  proposals: [...queryRoots.operators, 'proposals'] as const,
};

export function getOperators(signal?: AbortSignal): Promise<OperatorEntry[]> {
  return api.get<{ items: OperatorEntry[] }>('/api/admin/operators', { signal }).then((result) => result.items);
}

export function useOperators() {
  return useQuery({ queryKey: operatorKeys.list, queryFn: ({ signal }) => getOperators(signal) });
}

/** The changes of operators waiting for a second admin (a handful: one page). */
export function useOperatorProposals() {
  return useQuery({
    queryKey: operatorKeys.proposals,
    queryFn: ({ signal }) =>
      api
        .get<Page<Proposal>>('/api/admin/proposals', {
          query: { status: 'pending', subject_type: 'operator', limit: 100 },
          signal,
        })
        .then((page) => page.items),
  });
}

/** A change of an operator's access: each is a proposal a second admin approves (decision 118). */
export type OperatorChange =
  | { kind: 'add'; address: string; role: OperatorRole; person?: string }
  | { kind: 'role'; address: string; role: OperatorRole }
  | { kind: 'person'; address: string; person: string | null }
  | { kind: 'enable'; address: string };

export function proposeOperatorChange(change: OperatorChange): Promise<Proposal> {
  const path = `/api/admin/operators/${encodeURIComponent(change.address)}`;
  switch (change.kind) {
    case 'add':
      return api.post<Proposal>('/api/admin/operators', {
        address: change.address,
        role: change.role,
        ...(change.person ? { person: change.person } : {}),
      });
    case 'role':
      return api.put<Proposal>(path, { role: change.role });
    case 'person':
      return api.put<Proposal>(`${path}/person`, { person: change.person });
    case 'enable':
      return api.post<Proposal>(`${path}/enable`);
  }
}

/** Every proposal rewrites the list's pending changes and writes an audit row. */
export function useProposeOperatorChange() {
  return useAuditedMutation(proposeOperatorChange, [operatorKeys.all]);
}

/** Disabling is at once, one admin's act: the list changes and their sessions end. */
export function useDisableOperator() {
  return useAuditedMutation(
    (address: string) =>
      api
        .post<{ operator: OperatorEntry }>(`/api/admin/operators/${encodeURIComponent(address)}/disable`)
        .then((result) => result.operator),
    [operatorKeys.all],
  );
}
