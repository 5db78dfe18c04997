import type { AuditEntry } from '@wallx/shared';
import type { CsvColumn } from '../../lib/csv';

/** The export holds the entries as stored (ISO times, full addresses, the detail as JSON), for another tool to read. */
export const auditCsvColumns: readonly CsvColumn<AuditEntry>[] = [
  { header: 'id', value: (entry) => entry.id },
  { header: 'created_at', value: (entry) => entry.created_at },
  { header: 'operator', value: (entry) => entry.operator },
  { header: 'action', value: (entry) => entry.action },
  { header: 'subject_type', value: (entry) => entry.subject_type },
  { header: 'subject_id', value: (entry) => entry.subject_id },
  { header: 'detail', value: (entry) => (entry.detail === undefined ? '' : JSON.stringify(entry.detail)) },
];
