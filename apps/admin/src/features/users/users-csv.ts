import type { OperatorUser } from '@wallx/shared';
import { fieldColumns, type CsvColumn } from '../../lib/csv';

export const usersCsvColumns: readonly CsvColumn<OperatorUser>[] = fieldColumns<OperatorUser>(
  'id',
  'created_at',
  'address',
  'share_code',
  'inviter',
  'is_frozen',
  'is_validator',
);
