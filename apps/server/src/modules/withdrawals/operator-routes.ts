import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope, operatorWithdrawalQuerySchema, operatorWithdrawalSchema, page } from '@wallx/shared';
import { ok } from '../../platform/http/envelope.js';
import type { OperatorGuard } from '../../platform/http/operator.js';
import type { WithdrawalOperations } from './operator.js';

type Deps = { operations: WithdrawalOperations; requireOperator: OperatorGuard };

/** The console's withdrawals page (issue 16): every role reads it. */
export async function withdrawalOperatorRoutes(app: FastifyInstance, { operations, requireOperator }: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = { tags: ['admin'] };
  const read = { onRequest: requireOperator('read') };

  r.get(
    '/api/admin/withdrawals',
    {
      ...read,
      schema: {
        ...tags,
        summary: 'Withdrawals of every user, newest first, in their real state',
        querystring: operatorWithdrawalQuerySchema,
        response: { 200: envelope(page(operatorWithdrawalSchema)) },
      },
    },
    async (request) => ok(await operations.withdrawals(request.query)),
  );
}
