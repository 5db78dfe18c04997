import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  companionConversationDetailSchema,
  companionCrisisCountrySchema,
  companionConversationSchema,
  companionDeletedSchema,
  companionStatusSchema,
  envelope,
  idParamSchema,
  page,
  pageQuery,
  supportLineQuerySchema,
} from '@wallx/shared';
import { activeUser, currentUser, type Guards } from '../../platform/http/authenticate.js';
import { ok } from '../../platform/http/envelope.js';
import type { RouteLimits } from '../../platform/http/rate-limits.js';
import { askerOf, companionStreamRoutes } from './stream-routes.js';
import type { CompanionService } from './service.js';

type Deps = { companion: CompanionService; guards: Guards; limits: RouteLimits };

/**
 * A user's own conversations with the companion (issue 49). No route takes another user's id and no
 * operator route reads a message: the console sees counts (operator-routes.ts).
 */
export async function companionRoutes(app: FastifyInstance, { companion, guards, limits }: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { preHandler: guards.requireUser };
  const tags = { tags: ['companion'] };

  r.get(
    '/api/companion',
    {
      ...auth,
      schema: {
        ...tags,
        summary: 'Whether the companion is available here, its one-time notice, and my allowance today',
        response: { 200: envelope(companionStatusSchema) },
      },
    },
    async (request) => ok(await companion.status(askerOf(request, currentUser(request).id))),
  );

  r.post(
    '/api/companion/notice',
    {
      preHandler: [guards.requireUser, ...limits.companion],
      schema: {
        ...tags,
        summary: 'Remember that I was shown the notice of what the companion is',
        response: { 200: envelope(z.object({ notice_seen: z.literal(true) })) },
      },
    },
    async (request) => {
      await companion.markNoticeSeen(currentUser(request).id);
      return ok({ notice_seen: true as const });
    },
  );

  // Allowed to a frozen account too: which crisis line it is shown is no one's money.
  r.put(
    '/api/companion/crisis-country',
    {
      preHandler: [guards.requireUser, ...limits.companion],
      schema: {
        ...tags,
        summary: 'Pick the country whose crisis line I am shown (null: forget it)',
        description:
          'Remembered for the user: the crisis line shown from then on is that country’s (the default line when the operators keep none for it), before the delivery address’s or the browser’s country (decision 161).',
        body: companionCrisisCountrySchema,
        response: { 200: envelope(z.object({ crisis_country: z.string().nullable() })) },
      },
    },
    async (request) => ok(await companion.pickCrisisCountry(currentUser(request).id, request.body.country)),
  );

  r.get(
    '/api/companion/conversations',
    {
      ...auth,
      schema: {
        ...tags,
        summary: 'My conversations, newest first',
        querystring: pageQuery,
        response: { 200: envelope(page(companionConversationSchema)) },
      },
    },
    async (request) => ok(await companion.list(currentUser(request).id, request.query)),
  );

  r.post(
    '/api/companion/conversations',
    {
      config: { errors: ['companion_unavailable'] },
      preHandler: [guards.requireActiveUser, ...limits.companion],
      schema: {
        ...tags,
        summary: 'Start a new conversation',
        response: { 200: envelope(companionConversationSchema) },
      },
    },
    async (request) => ok(await companion.start(activeUser(request).id)),
  );

  r.get(
    '/api/companion/conversations/:id',
    {
      config: { errors: ['companion_conversation_not_found', 'companion_unavailable'] },
      ...auth,
      schema: {
        ...tags,
        summary: 'One of my conversations with its messages, oldest first',
        description:
          'When a message of it was flagged, `support_line` is the crisis line of my country: my default delivery address’s, else `country` (the region my browser names), else the default line.',
        params: idParamSchema,
        querystring: supportLineQuerySchema,
        response: { 200: envelope(companionConversationDetailSchema) },
      },
    },
    async (request) =>
      ok(await companion.read(askerOf(request, currentUser(request).id, request.query.country), request.params.id)),
  );

  await companionStreamRoutes(app, { companion, guards, limits });

  // A frozen account may still delete its conversations: health data is its owner's to remove, always.
  r.delete(
    '/api/companion/conversations/:id',
    {
      config: { errors: ['companion_conversation_not_found'] },
      preHandler: [guards.requireUser, ...limits.companion],
      schema: {
        ...tags,
        summary: 'Delete one of my conversations at once, messages and all',
        params: idParamSchema,
        response: { 200: envelope(companionDeletedSchema) },
      },
    },
    async (request) => ok(await companion.delete(currentUser(request).id, request.params.id)),
  );

  r.delete(
    '/api/companion/conversations',
    {
      preHandler: [guards.requireUser, ...limits.companion],
      schema: {
        ...tags,
        summary: 'Delete all my conversations at once',
        response: { 200: envelope(companionDeletedSchema) },
      },
    },
    async (request) => ok(await companion.deleteAll(currentUser(request).id)),
  );
}
