import type { OperatorUser } from '@wallx/shared';
import type { CsvColumn } from '../../lib/csv';

export const usersCsvColumns: readonly CsvColumn<OperatorUser>[] = [
  { header: 'id', value: (user) => user.id },
  { header: 'created_at', value: (user) => user.created_at },
  { header: 'address', value: (user) => user.address },
  { header: 'share_code', value: (user) => user.share_code },
  { header: 'inviter', value: (user) => user.inviter },
  { header: 'is_frozen', value: (user) => String(user.is_frozen) },
  { header: 'is_validator', value: (user) => String(user.is_validator) },
];
