import { useInfiniteQuery } from '@tanstack/react-query';
import type { AuditEntry, Page } from '@wallx/shared';
import { api } from '../../../lib/api';
import { auditKeys } from './keys';

/** The server's filters; an empty one is left out. */
export type AuditFilters = { operator: string; action: string; subject_type: string; subject_id: string };

export const AUDIT_PAGE_SIZE = 50;

export function getAudit(
  filters: AuditFilters,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<Page<AuditEntry>> {
  return api.get<Page<AuditEntry>>('/api/admin/audit', {
    query: { limit: AUDIT_PAGE_SIZE, cursor, ...filters, operator: filters.operator.trim().toLowerCase() },
    signal,
  });
}

export function useAudit(filters: AuditFilters) {
  return useInfiniteQuery({
    queryKey: auditKeys.list(filters),
    queryFn: ({ pageParam, signal }) => getAudit(filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}
