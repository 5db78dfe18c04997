import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  aidDonationRequestSchema,
  aidDonationResultSchema,
  aidDonationSchema,
  aidFundSchema,
  aidGrantSchema,
  envelope,
  page,
  pageQuery,
} from '@wallx/shared';
import { fundPasswordRefusals } from '../../kernel/fund-password/fund-password.js';
import { idempotencyHeaders, idempotencyKey, idempotencyRefusals } from '../../kernel/idempotency/idempotency-key.js';
import { activeUser, type Guards } from '../../platform/http/authenticate.js';
import { ok } from '../../platform/http/envelope.js';
import type { RouteLimits } from '../../platform/http/rate-limits.js';
import type { AidFundService } from './service.js';

type Deps = { aidFund: AidFundService; guards: Guards; limits: RouteLimits; publicPerMinute: number };

const PUBLIC_CACHE = 'public, max-age=30';

/**
 * The aid fund's public page (guests too: no user id, no address but a donor's short one when they
 * chose it) and donations into it (issue 48, decision 147).
 */
export async function aidFundRoutes(app: FastifyInstance, { aidFund, guards, limits, publicPerMinute }: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = { tags: ['aid-fund'] };
  // Per client IP: the public reads are open to anyone, and each sums the fund's entries.
  const open = { public: true as const, rateLimit: { max: publicPerMinute, timeWindow: '1 minute' } };

  r.get(
    '/api/aid-fund',
    {
      config: open,
      schema: {
        ...tags,
        summary:
          "The aid fund: what it holds per asset, donations and the pool's shares in, grants out, and its partners",
        response: { 200: envelope(aidFundSchema) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', PUBLIC_CACHE);
      return ok(await aidFund.fund());
    },
  );
  r.get(
    '/api/aid-fund/donations',
    {
      config: open,
      schema: {
        ...tags,
        summary: "Donations to the aid fund, newest first (the donor's short address only if they chose to be shown)",
        querystring: pageQuery,
        response: { 200: envelope(page(aidDonationSchema)) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PUBLIC_CACHE);
      return ok(await aidFund.donations(request.query));
    },
  );
  r.get(
    '/api/aid-fund/grants',
    {
      config: open,
      schema: {
        ...tags,
        summary: 'Grants the aid fund paid on chain, newest first: partner, amount, when, the transaction',
        querystring: pageQuery,
        response: { 200: envelope(page(aidGrantSchema)) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PUBLIC_CACHE);
      return ok(await aidFund.grants(request.query));
    },
  );

  r.post(
    '/api/aid-fund/donations',
    {
      config: {
        errors: [...fundPasswordRefusals, ...idempotencyRefusals, 'insufficient_usdt', 'insufficient_wallx'],
      },
      preHandler: [guards.requireActiveUser, ...limits.fundPassword],
      schema: {
        ...tags,
        summary: 'Donate WALLX or USDT to the aid fund (anonymous unless show_me)',
        headers: idempotencyHeaders,
        body: aidDonationRequestSchema,
        response: { 200: envelope(aidDonationResultSchema) },
      },
    },
    async (request) => ok(await aidFund.donate(activeUser(request), request.body, idempotencyKey(request))),
  );
}
