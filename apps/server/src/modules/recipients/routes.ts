import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, recentRecipientSchema, recipientCheckQuerySchema, recipientCheckSchema } from '@wallx/shared';
import { activeUser, currentUser, type Guards } from '../../platform/http/authenticate.js';
import { ok } from '../../platform/http/envelope.js';
import type { RouteLimits } from '../../platform/http/rate-limits.js';
import type { RecipientsService } from './service.js';

type Deps = { recipients: RecipientsService; guards: Guards; limits: RouteLimits };

export async function recipientsRoutes(app: FastifyInstance, { recipients, guards, limits }: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['recipients'];

  // Who may transfer may ask, as often as a person types addresses: a frozen account cannot transfer,
  // and the limit per IP and per user keeps the check from being a directory of accounts.
  r.get(
    '/api/recipients/check',
    {
      config: { errors: ['invalid_wallet_account', 'transfer_to_self'] },
      preHandler: [guards.requireActiveUser, ...limits.recipientCheck],
      schema: {
        tags,
        summary: 'Whether a transfer (of funds or of a miner) could reach this address: a registered account, not mine',
        querystring: recipientCheckQuerySchema,
        response: { 200: envelope(recipientCheckSchema) },
      },
    },
    async (request) => ok(await recipients.check(activeUser(request), request.query.to)),
  );

  r.get(
    '/api/recipients/recent',
    {
      preHandler: guards.requireUser,
      schema: {
        tags,
        summary: 'Where my own transfers (of funds and of miners) went, the latest first',
        response: { 200: envelope(z.object({ items: z.array(recentRecipientSchema) })) },
      },
    },
    async (request) => ok({ items: await recipients.recent(currentUser(request).id) }),
  );
}
