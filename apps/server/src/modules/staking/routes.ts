import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelope,
  idParamSchema,
  page,
  pageQuery,
  stakeRequestSchema,
  stakeSchema,
  stakingSummarySchema,
  unstakeRequestSchema,
} from '@wallx/shared';
import { fundPasswordRefusals } from '../../kernel/fund-password/fund-password.js';
import { idempotencyHeaders, idempotencyKey, idempotencyRefusals } from '../../kernel/idempotency/idempotency-key.js';
import { activeUser, currentUser, type Guards } from '../../platform/http/authenticate.js';
import { ok } from '../../platform/http/envelope.js';
import type { RouteLimits } from '../../platform/http/rate-limits.js';
import type { StakingService } from './service.js';

type Deps = { staking: StakingService; guards: Guards; limits: RouteLimits };

/** A user's own stakes and the pool's size. No route takes another user's id. */
export async function stakingRoutes(app: FastifyInstance, { staking, guards, limits }: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = { tags: ['staking'] };
  // Both move money and ask for the fund password: refused to a frozen account, limited as such writes are.
  const activeWithFundPassword = [guards.requireActiveUser, ...limits.fundPassword];

  r.get(
    '/api/staking',
    {
      preHandler: guards.requireUser,
      schema: {
        ...tags,
        summary:
          "The stake screen: the pool's size, my staked total, what my stakes earned yesterday and ever, the terms",
        response: { 200: envelope(stakingSummarySchema) },
      },
    },
    async (request) => ok(await staking.summary(currentUser(request).id)),
  );

  r.get(
    '/api/staking/stakes',
    {
      preHandler: guards.requireUser,
      schema: {
        ...tags,
        summary: 'My stakes, newest first',
        querystring: pageQuery,
        response: { 200: envelope(page(stakeSchema)) },
      },
    },
    async (request) => ok(await staking.list(currentUser(request).id, request.query)),
  );

  r.post(
    '/api/staking/stakes',
    {
      config: { errors: [...fundPasswordRefusals, ...idempotencyRefusals, 'insufficient_wallx', 'stake_below_min'] },
      preHandler: activeWithFundPassword,
      schema: {
        ...tags,
        summary: 'Stake WALLX for a term (flexible, 30, 90 or 180 days): it leaves my balance for the pool',
        headers: idempotencyHeaders,
        body: stakeRequestSchema,
        response: { 200: envelope(z.object({ stake: stakeSchema })) },
      },
    },
    async (request) => ok(await staking.stake(activeUser(request).id, request.body, idempotencyKey(request))),
  );

  r.post(
    '/api/staking/stakes/:id/unstake',
    {
      config: {
        errors: [...fundPasswordRefusals, ...idempotencyRefusals, 'stake_not_found', 'stake_not_ended', 'stake_closed'],
      },
      preHandler: activeWithFundPassword,
      schema: {
        ...tags,
        summary: 'Withdraw a stake: a flexible one at any time, a term one once it has ended',
        headers: idempotencyHeaders,
        params: idParamSchema,
        body: unstakeRequestSchema,
        response: { 200: envelope(z.object({ stake: stakeSchema })) },
      },
    },
    async (request) =>
      ok(await staking.unstake(activeUser(request).id, request.params.id, request.body, idempotencyKey(request))),
  );
}
