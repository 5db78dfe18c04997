import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@wallx/shared';
import type { Db } from '../../platform/db/database.js';
import { AppError } from '../../platform/errors/app-error.js';
import { ok } from '../../platform/http/envelope.js';
import type { createReadiness, ReadinessChecks } from './readiness.js';
import { ping } from './repository.js';

const readinessChecks = z.object({
  database: z.enum(['ok', 'unreachable']),
  migrations: z.enum(['ok', 'behind', 'unknown']),
  chain: z.enum(['ok', 'below_quorum', 'none']),
  draining: z.boolean(),
});

/** The checks that fail, named as the 503's message lists them. */
const failing = (checks: ReadinessChecks) =>
  [
    checks.database !== 'ok' && `database ${checks.database}`,
    checks.database === 'ok' && checks.migrations !== 'ok' && `migrations ${checks.migrations}`,
    checks.chain === 'below_quorum' && 'chain below quorum',
    checks.draining && 'draining',
  ].filter((reason): reason is string => typeof reason === 'string');

export async function healthRoutes(
  app: FastifyInstance,
  { db, readiness }: { db: Db; readiness: ReturnType<typeof createReadiness> },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/api/health',
    {
      config: { public: true },
      schema: {
        tags: ['health'],
        summary: 'Liveness and database reachability',
        response: { 200: envelope(z.object({ status: z.literal('ok') })) },
      },
    },
    async () => {
      await ping(db);
      return ok({ status: 'ok' as const });
    },
  );
  // Liveness: the process answers. Nothing else is asked, so a database or chain outage never has
  // an orchestrator restart every instance at once.
  api.get(
    '/api/health/live',
    {
      config: { public: true },
      schema: {
        tags: ['health'],
        summary: 'Liveness: the process answers',
        response: { 200: envelope(z.object({ status: z.literal('live') })) },
      },
    },
    async () => ok({ status: 'live' as const }),
  );
  api.get(
    '/api/health/ready',
    {
      config: { public: true, errors: ['not_ready'] },
      schema: {
        tags: ['health'],
        summary: 'Readiness: database, migrations, chain quorum, not draining (503 otherwise)',
        response: { 200: envelope(z.object({ status: z.literal('ready'), checks: readinessChecks })) },
      },
    },
    async () => {
      const { isReady, checks } = await readiness.check();
      if (!isReady)
        throw new AppError('not_ready', { params: { checks: failing(checks).join(', ') }, data: { checks } });
      return ok({ status: 'ready' as const, checks });
    },
  );
}
