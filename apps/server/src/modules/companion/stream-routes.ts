import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { companionMessageRequestSchema, idParamSchema, supportLineQuerySchema } from '@wallx/shared';
import { activeUser, type Guards } from '../../platform/http/authenticate.js';
import { requestLanguage } from '../../platform/http/language.js';
import type { RouteLimits } from '../../platform/http/rate-limits.js';
import type { PreparedAnswer } from './chat.js';
import type { Asker } from './deps.js';
import type { CompanionService } from './service.js';

type Deps = { companion: CompanionService; guards: Guards; limits: RouteLimits };

/** Who asks: their id, the language they read, and the country their browser names (`?country=`, for the crisis line). */
export const askerOf = (request: FastifyRequest, userId: string, country?: string): Asker => ({
  userId,
  language: requestLanguage(request),
  country,
});

const STREAM_DESCRIPTION =
  'text/event-stream (decision 154). `event: crisis` first when our own check finds the message speaks of self-harm or suicide (the notice and the crisis line of the user’s country: their default delivery address’s, else `country`, the region their browser names, else the default line), before anything of the model; then `event: accepted` (the stored message’s id), `event: delta` for each piece of the answer as it is written, and `event: done` (the stored answer’s id) — or `event: error` (code and message) when the model fails or stalls: the message is kept and the retry route answers it.';
const streamed = {
  200: {
    description: 'The answer as it is written, as the description says',
    content: { 'text/event-stream': { schema: z.unknown() } },
  },
};

/** Streams a prepared answer as server-sent events; a client that leaves stops the model's answer. */
function streamAnswer(request: FastifyRequest, reply: FastifyReply, prepared: PreparedAnswer) {
  const body = new PassThrough();
  const controller = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  const sink = (event: string, data: unknown) => {
    if (!body.writableEnded) body.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  };
  prepared
    .run(sink, controller.signal)
    .catch((error: unknown) => request.log.error({ err: error }, 'the companion’s answer failed'))
    .finally(() => body.end());
  return reply
    .header('content-type', 'text/event-stream; charset=utf-8')
    .header('cache-control', 'no-cache, no-transform')
    .header('x-accel-buffering', 'no')
    .send(body);
}

/** Sending a message and retrying its answer: both stream the answer back (decision 154). */
export async function companionStreamRoutes(app: FastifyInstance, { companion, guards, limits }: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = { tags: ['companion'] };

  r.post(
    '/api/companion/conversations/:id/messages',
    {
      config: {
        errors: [
          'companion_unavailable',
          'companion_conversation_not_found',
          'companion_allowance_spent',
          'companion_budget_spent',
        ],
      },
      preHandler: [guards.requireActiveUser, ...limits.companion],
      schema: {
        ...tags,
        summary: 'Send a message; the answer streams back as it is written',
        description: STREAM_DESCRIPTION,
        params: idParamSchema,
        querystring: supportLineQuerySchema,
        body: companionMessageRequestSchema,
        response: streamed,
      },
    },
    async (request, reply) => {
      const asker = askerOf(request, activeUser(request).id, request.query.country);
      return streamAnswer(request, reply, await companion.send(asker, request.params.id, request.body.content));
    },
  );

  r.post(
    '/api/companion/conversations/:id/retry',
    {
      config: {
        errors: [
          'companion_unavailable',
          'companion_conversation_not_found',
          'companion_nothing_to_retry',
          'companion_budget_spent',
        ],
      },
      preHandler: [guards.requireActiveUser, ...limits.companion],
      schema: {
        ...tags,
        summary: 'Answer my last message again, when its answer failed or stalled; streamed as a message is',
        description: STREAM_DESCRIPTION,
        params: idParamSchema,
        querystring: supportLineQuerySchema,
        response: streamed,
      },
    },
    async (request, reply) => {
      const asker = askerOf(request, activeUser(request).id, request.query.country);
      return streamAnswer(request, reply, await companion.retry(asker, request.params.id));
    },
  );
}
