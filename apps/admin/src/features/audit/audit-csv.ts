import type { AuditEntry } from '@wallx/shared';
import { fieldColumns, type CsvColumn } from '../../lib/csv';

/** The export holds the entries as stored (ISO times, full addresses, the detail as JSON), for another tool to read. */
export const auditCsvColumns: readonly CsvColumn<AuditEntry>[] = [
  ...fieldColumns<AuditEntry>('id', 'created_at', 'operator', 'action', 'subject_type', 'subject_id'),
  { header: 'detail', value: (entry) => (entry.detail === undefined ? '' : JSON.stringify(entry.detail)) },
];
