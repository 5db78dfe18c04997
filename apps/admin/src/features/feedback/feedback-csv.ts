import type { OperatorFeedback } from '@wallx/shared';
import type { CsvColumn } from '../../lib/csv';

export const feedbackCsvColumns: readonly CsvColumn<OperatorFeedback>[] = [
  { header: 'id', value: (item) => item.id },
  { header: 'created_at', value: (item) => item.created_at },
  { header: 'user', value: (item) => item.user },
  { header: 'title', value: (item) => item.title },
  { header: 'detail', value: (item) => item.detail },
  { header: 'status', value: (item) => item.status },
  { header: 'reply', value: (item) => item.reply },
  { header: 'replied_at', value: (item) => item.replied_at },
  { header: 'replied_by', value: (item) => item.replied_by },
];
