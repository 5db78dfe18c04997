import type { FastifyInstance, FastifyRequest } from 'fastify';
import { roleCan, type Operator, type OperatorCapability } from '@wallx/shared';
import { AppError } from '../errors/app-error.js';
import { bearerToken } from './authenticate.js';
import { requiring } from './route-requirements.js';

declare module 'fastify' {
  interface FastifyRequest {
    currentOperator: Operator | null;
  }
}

/** The guard of every /api/admin route: a console session whose operator's role has the capability. */
export type OperatorGuard = (capability: OperatorCapability) => (request: FastifyRequest) => Promise<void>;

/** What the guard asks of the console's sign-in; modules/operators answers (app/app.ts hands it in). */
export type OperatorSessionCheck = { authenticate(token: string): Promise<Operator> };

export function registerOperatorAuthentication(app: FastifyInstance, operators: OperatorSessionCheck): OperatorGuard {
  app.decorateRequest('currentOperator', null);
  return (capability) =>
    requiring('operator-token', async (request) => {
      const token = bearerToken(request);
      if (!token) throw new AppError('operator_session_invalid');
      const operator = await operators.authenticate(token);
      if (!roleCan(operator.role, capability)) throw new AppError('no_permission');
      request.currentOperator = operator;
    });
}

/** The operator of a route guarded by the operator guard: audit rows carry their address. */
export function currentOperator(request: FastifyRequest): Operator {
  if (!request.currentOperator) throw new AppError('operator_session_invalid');
  return request.currentOperator;
}

/** The address an audit row names as the operator. */
export const operatorOf = (request: FastifyRequest): string => currentOperator(request).address;
