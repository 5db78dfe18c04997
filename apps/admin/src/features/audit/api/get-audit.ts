import type { AuditEntry } from '@wallx/shared';
import { usePagedQuery } from '../../../lib/paged-query';
import { auditKeys } from './keys';

/** The server's filters; an empty one is left out. */
export type AuditFilters = { operator: string; action: string; subject_type: string; subject_id: string };

export function useAudit(filters: AuditFilters) {
  return usePagedQuery<AuditEntry>(auditKeys.list(filters), '/api/admin/audit', {
    ...filters,
    operator: filters.operator.trim().toLowerCase(),
  });
}
