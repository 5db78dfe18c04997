import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error.js';

/**
 * The operator an internal route acts for, as the caller names it, until operators log in with
 * their wallets (issue 16): every change is audited under this name.
 */
export const OPERATOR_HEADER = 'x-wallx-operator';

export function operatorOf(request: FastifyRequest): string {
  const name = String(request.headers[OPERATOR_HEADER] ?? '').trim();
  if (name.length < 1 || name.length > 100) throw new AppError('invalid_params', { field: OPERATOR_HEADER });
  return name;
}
