import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dashboardSchema, envelope } from '@wallx/shared';
import { ok } from '../../http/envelope.js';
import type { OperatorGuard } from '../../http/operator.js';
import type { DashboardService } from './service.js';

type Deps = { dashboard: DashboardService; requireOperator: OperatorGuard };

export async function dashboardRoutes(app: FastifyInstance, { dashboard, requireOperator }: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/admin/dashboard',
    {
      onRequest: requireOperator('read'),
      schema: {
        tags: ['admin'],
        summary:
          "Today's users, deposits, withdrawals, miners on, output to collect, and the books against the chain per asset",
        response: { 200: envelope(dashboardSchema) },
      },
    },
    async () => ok(await dashboard.get()),
  );
}
