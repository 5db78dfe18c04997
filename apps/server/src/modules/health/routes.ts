import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@wallx/shared';
import type { Db } from '../../platform/db/database.js';
import { ok } from '../../platform/http/envelope.js';
import { ping } from './repository.js';

export async function healthRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.withTypeProvider<ZodTypeProvider>().get(
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
}
