import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  collectResultSchema,
  dayString,
  envelope,
  idParamSchema,
  minerOutputSchema,
  minerOutputsQuerySchema,
  page,
  pageQuery,
} from '@wallx/shared';
import { requireAdminToken } from '../../platform/http/admin-token.js';
import { activeUser, currentUser } from '../../platform/http/authenticate.js';
import { ok } from '../../platform/http/envelope.js';
import { idempotencyHeaders, idempotencyKey, idempotencyRefusals } from '../../kernel/idempotency/idempotency-key.js';
import type { MinerRouteDeps } from './route-deps.js';

/** My output records and collecting them; the output job for `npm run jobs:output`. */
export async function outputRoutes(app: FastifyInstance, { miners, outputJob, guards, adminToken }: MinerRouteDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['miners'];

  r.get(
    '/api/miners/outputs',
    {
      preHandler: guards.requireUser,
      schema: {
        tags,
        summary: 'My output records, newest first',
        querystring: pageQuery.extend(minerOutputsQuerySchema.shape),
        response: { 200: envelope(page(minerOutputSchema)) },
      },
    },
    async (request) => ok(await miners.outputs(currentUser(request).id, request.query)),
  );

  r.post(
    '/api/miners/outputs/collect_all',
    {
      config: { errors: [...idempotencyRefusals, 'nothing_to_collect'] },
      preHandler: guards.requireActiveUser,
      schema: {
        tags,
        summary: 'Collect every output record to collect',
        headers: idempotencyHeaders,
        response: { 200: envelope(collectResultSchema) },
      },
    },
    async (request) => ok(await miners.collect(activeUser(request).id, null, idempotencyKey(request))),
  );

  r.post(
    '/api/miners/outputs/:id/collect',
    {
      config: { errors: [...idempotencyRefusals, 'output_not_found', 'output_already_collected'] },
      preHandler: guards.requireActiveUser,
      schema: {
        tags,
        summary: 'Collect one output record',
        params: idParamSchema,
        headers: idempotencyHeaders,
        response: { 200: envelope(collectResultSchema) },
      },
    },
    async (request) => ok(await miners.collect(activeUser(request).id, request.params.id, idempotencyKey(request))),
  );

  if (!adminToken) return;
  // `npm run jobs:output` against a running server.
  r.post(
    '/api/internal/jobs/miner_output',
    { preHandler: requireAdminToken(adminToken), schema: { hide: true, body: z.object({ date: dayString }) } },
    async (request) => ok({ days: await outputJob.runDay(request.body.date) }),
  );
}
