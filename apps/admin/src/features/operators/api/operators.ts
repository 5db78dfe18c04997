import { useQuery } from '@tanstack/react-query';
import type { OperatorEntry, OperatorRole } from '@wallx/shared';
import { api } from '../../../lib/api';
import { useAuditedMutation } from '../../../lib/audited-mutation';
import { queryRoots } from '../../../lib/query-keys';

export const operatorKeys = { all: queryRoots.operators, list: [...queryRoots.operators, 'list'] as const };

export function getOperators(signal?: AbortSignal): Promise<OperatorEntry[]> {
  return api.get<{ items: OperatorEntry[] }>('/api/admin/operators', { signal }).then((result) => result.items);
}

export function useOperators() {
  return useQuery({ queryKey: operatorKeys.list, queryFn: ({ signal }) => getOperators(signal) });
}

export type OperatorChange =
  | { kind: 'add'; address: string; role: OperatorRole; person?: string }
  | { kind: 'role'; address: string; role: OperatorRole }
  | { kind: 'disable' | 'enable'; address: string };

export function changeOperator(change: OperatorChange): Promise<OperatorEntry> {
  const path = `/api/admin/operators/${encodeURIComponent(change.address)}`;
  const sent =
    change.kind === 'add'
      ? api.post<{ operator: OperatorEntry }>('/api/admin/operators', {
          address: change.address,
          role: change.role,
          ...(change.person ? { person: change.person } : {}),
        })
      : change.kind === 'role'
        ? api.put<{ operator: OperatorEntry }>(path, { role: change.role })
        : api.post<{ operator: OperatorEntry }>(`${path}/${change.kind}`);
  return sent.then((result) => result.operator);
}

/** Every change rewrites the list and writes an audit row. */
export function useChangeOperator() {
  return useAuditedMutation(changeOperator, [operatorKeys.all]);
}
