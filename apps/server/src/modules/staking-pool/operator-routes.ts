import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  envelope,
  operatorStakeSchema,
  operatorStakesQuerySchema,
  page,
  proposalSchema,
  stakingDistributionSchema,
  stakingDistributionsQuerySchema,
  stakingFundRequestSchema,
  stakingPoolSchema,
  stakingSettingsSchema,
  stakingSettingsUpdateSchema,
} from '@wallx/shared';
import type { Propose } from '../../kernel/money-decisions/decision-handler.js';
import { ok } from '../../platform/http/envelope.js';
import { operatorOf, type OperatorGuard } from '../../platform/http/operator.js';
import type { StakingPoolConsole } from './operator.js';

type Deps = { pool: StakingPoolConsole; propose: Propose; requireOperator: OperatorGuard };

/**
 * The console's staking pool (issue 48): every role reads the pool, the stakes and the daily
 * distributions; changing the pool's rules and adding WALLX to it are finance's proposals another
 * finance operator or an admin approves.
 */
export async function stakingPoolRoutes(app: FastifyInstance, { pool, propose, requireOperator }: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = { tags: ['admin'] };
  const read = { onRequest: requireOperator('read') };
  r.get(
    '/api/admin/staking',
    {
      ...read,
      schema: {
        ...tags,
        summary: "The staking pool: what it holds per asset, what is staked per term, and the last days' distributions",
        response: { 200: envelope(stakingPoolSchema) },
      },
    },
    async () => ok(await pool.pool()),
  );
  r.get(
    '/api/admin/staking/stakes',
    {
      ...read,
      schema: {
        ...tags,
        summary: 'The stakes, newest first, with their owners and what each earned',
        querystring: operatorStakesQuerySchema,
        response: { 200: envelope(page(operatorStakeSchema)) },
      },
    },
    async (request) => ok(await pool.stakes(request.query)),
  );
  r.get(
    '/api/admin/staking/distributions',
    {
      ...read,
      schema: {
        ...tags,
        summary:
          "The daily distributions, newest day first: the pool's proceeds, the aid fund's share, what was paid and kept",
        querystring: stakingDistributionsQuerySchema,
        response: { 200: envelope(page(stakingDistributionSchema)) },
      },
    },
    async (request) => ok(await pool.distributions(request.query)),
  );
  r.get(
    '/api/admin/staking/settings',
    {
      ...read,
      schema: {
        ...tags,
        summary: "The pool's rules in force: term weights, fee share, aid share, check-in boost, minimum stake",
        response: { 200: envelope(stakingSettingsSchema) },
      },
    },
    async () => ok(await pool.settings()),
  );
  r.post(
    '/api/admin/staking/settings',
    {
      config: { errors: ['staking_settings_stale', 'proposal_exists', 'proposal_changes_nothing'] },
      onRequest: requireOperator('money'),
      schema: {
        ...tags,
        summary:
          'Propose new rules for the pool (the whole set, made on the version read); they apply once another finance operator or an admin approves',
        body: stakingSettingsUpdateSchema,
        response: { 200: envelope(proposalSchema) },
      },
    },
    async (request) => ok(await pool.proposeSettings(propose, operatorOf(request), request.body)),
  );
  r.post(
    '/api/admin/staking/fund',
    {
      config: { errors: ['proposal_exists'] },
      onRequest: requireOperator('money'),
      schema: {
        ...tags,
        summary:
          'Propose adding WALLX to the staking pool; it is added once another finance operator or an admin approves',
        body: stakingFundRequestSchema,
        response: { 200: envelope(proposalSchema) },
      },
    },
    async (request) => ok(await pool.proposeFunding(propose, operatorOf(request), request.body)),
  );
}
