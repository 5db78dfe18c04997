import { isAddress, type OperatorRole } from '@wallx/shared';
import type { Problems } from '../../lib/use-form';

export type AddOperatorValues = { address: string; role: OperatorRole; person: string };

/** An operator is named by a wallet address (trimmed); role and person are chosen from lists. */
export function addOperatorProblems(values: AddOperatorValues): Problems<'address'> {
  return isAddress(values.address.trim()) ? {} : { address: 'operators.address_invalid' };
}
