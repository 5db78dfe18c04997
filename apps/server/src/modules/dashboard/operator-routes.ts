import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dashboardHealthSchema, dashboardSchema, envelope } from '@wallx/shared';
import { ok } from '../../platform/http/envelope.js';
import type { OperatorGuard } from '../../platform/http/operator.js';
import type { DashboardHealthService } from './health.js';
import type { DashboardService } from './service.js';

type Deps = { dashboard: DashboardService; health: DashboardHealthService; requireOperator: OperatorGuard };

export async function dashboardRoutes(app: FastifyInstance, { dashboard, health, requireOperator }: Deps) {
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
  r.get(
    '/api/admin/dashboard/health',
    {
      onRequest: requireOperator('read'),
      schema: {
        tags: ['admin'],
        summary:
          'The deposit scanner’s lag per token, the payout queue, and deposits and withdrawals per day over the last 30 days',
        response: { 200: envelope(dashboardHealthSchema) },
      },
    },
    async () => ok(await health.get()),
  );
}
