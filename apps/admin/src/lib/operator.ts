import { operatorRoles, type Operator, type OperatorRole, type OperatorSession } from '@wallx/shared';

export type { Operator, OperatorRole, OperatorSession };

export function isOperatorRole(value: unknown): value is OperatorRole {
  return typeof value === 'string' && (operatorRoles as readonly string[]).includes(value);
}
