import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  envelope,
  operatorDepositQuerySchema,
  operatorDepositReportQuerySchema,
  operatorDepositReportSchema,
  operatorDepositSchema,
  page,
} from '@wallx/shared';
import { ok } from '../../platform/http/envelope.js';
import type { OperatorGuard } from '../../platform/http/operator.js';
import type { DepositOperations } from './operator.js';

type Deps = { operations: DepositOperations; requireOperator: OperatorGuard };

/** The console's deposits pages (issue 16): every role reads them. */
export async function depositOperatorRoutes(app: FastifyInstance, { operations, requireOperator }: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = { tags: ['admin'] };
  const read = { onRequest: requireOperator('read') };

  r.get(
    '/api/admin/deposits',
    {
      ...read,
      schema: {
        ...tags,
        summary: 'Credited deposits, newest first',
        querystring: operatorDepositQuerySchema,
        response: { 200: envelope(page(operatorDepositSchema)) },
      },
    },
    async (request) => ok(await operations.deposits(request.query)),
  );
  r.get(
    '/api/admin/deposit-reports',
    {
      ...read,
      schema: {
        ...tags,
        summary: 'Deposits users reported, with what the chain said',
        querystring: operatorDepositReportQuerySchema,
        response: { 200: envelope(page(operatorDepositReportSchema)) },
      },
    },
    async (request) => ok(await operations.depositReports(request.query)),
  );
}
