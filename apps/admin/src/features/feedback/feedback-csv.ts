import type { OperatorFeedback } from '@wallx/shared';
import { fieldColumns, type CsvColumn } from '../../lib/csv';

export const feedbackCsvColumns: readonly CsvColumn<OperatorFeedback>[] = fieldColumns<OperatorFeedback>(
  'id',
  'created_at',
  'user',
  'title',
  'detail',
  'status',
  'reply',
  'replied_at',
  'replied_by',
);
