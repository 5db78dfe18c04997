import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelope,
  freezeRequestSchema,
  idParamSchema,
  operatorUserDetailSchema,
  operatorUserMinerSchema,
  operatorUserMinersQuerySchema,
  operatorUserRecordSchema,
  operatorUserRecordsQuerySchema,
  operatorUserSchema,
  operatorUsersQuerySchema,
  page,
} from '@wallx/shared';
import { ok } from '../../platform/http/envelope.js';
import { operatorOf, type OperatorGuard } from '../../platform/http/operator.js';
import type { UserOperations } from './operator.js';

type Deps = { operations: UserOperations; requireOperator: OperatorGuard };

/** The console's Users page (decision 56): everyone with a session reads; `users` freezes. */
export async function userOperatorRoutes(app: FastifyInstance, { operations, requireOperator }: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Before the body is parsed or validated: a caller without a session learns nothing of the contract.
  const read = { onRequest: requireOperator('read') };
  const tags = { tags: ['admin'] };

  r.get(
    '/api/admin/users',
    {
      config: { errors: ['user_search_invalid'] },
      ...read,
      schema: {
        ...tags,
        summary: 'Users, newest first; by address (or its first 6+ hex digits) or share code',
        querystring: operatorUsersQuerySchema,
        response: { 200: envelope(page(operatorUserSchema)) },
      },
    },
    async (request) => ok(await operations.list(request.query)),
  );
  r.get(
    '/api/admin/users/:id',
    {
      config: { errors: ['user_not_found'] },
      ...read,
      schema: {
        ...tags,
        summary: 'A user: balances, miners, team, validator points, region, last freeze',
        params: idParamSchema,
        response: { 200: envelope(operatorUserDetailSchema) },
      },
    },
    async (request) => ok(await operations.detail(request.params.id)),
  );
  r.get(
    '/api/admin/users/:id/records',
    {
      config: { errors: ['user_not_found'] },
      ...read,
      schema: {
        ...tags,
        summary: "A user's ledger records, newest first",
        params: idParamSchema,
        querystring: operatorUserRecordsQuerySchema,
        response: { 200: envelope(page(operatorUserRecordSchema)) },
      },
    },
    async (request) => ok(await operations.records(request.params.id, request.query)),
  );
  r.get(
    '/api/admin/users/:id/miners',
    {
      config: { errors: ['user_not_found'] },
      ...read,
      schema: {
        ...tags,
        summary: "A user's miners, newest first",
        params: idParamSchema,
        querystring: operatorUserMinersQuerySchema,
        response: { 200: envelope(page(operatorUserMinerSchema)) },
      },
    },
    async (request) => ok(await operations.miners(request.params.id, request.query)),
  );
  r.post(
    '/api/admin/users/:id/freeze',
    {
      config: { errors: ['user_not_found', 'user_already_frozen', 'user_not_frozen', 'operator_own_account'] },
      onRequest: requireOperator('users'),
      schema: {
        ...tags,
        summary: 'Freeze or unfreeze an account, with a reason (audited)',
        params: idParamSchema,
        body: freezeRequestSchema,
        response: { 200: envelope(z.object({ user: operatorUserSchema })) },
      },
    },
    async (request) => ok({ user: await operations.setFrozen(operatorOf(request), request.params.id, request.body) }),
  );
}
