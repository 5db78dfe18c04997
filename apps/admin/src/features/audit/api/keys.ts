import { queryRoots } from '../../../lib/query-keys';
import type { AuditFilters } from './get-audit';

export const auditKeys = {
  all: queryRoots.audit,
  list: (filters: AuditFilters) => [...queryRoots.audit, 'list', filters] as const,
};
