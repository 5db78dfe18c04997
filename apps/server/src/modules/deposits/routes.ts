import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  depositAddressSchema,
  depositSchema,
  envelope,
  depositConfigSchema,
  depositReportRequestSchema,
  page,
  pageQuery,
  unattributedDepositQuerySchema,
  unattributedDepositSchema,
} from '@wallx/shared';
import { currentUser, type Guards } from '../../platform/http/authenticate.js';
import { ok } from '../../platform/http/envelope.js';
import type { OperatorGuard } from '../../platform/http/operator.js';
import type { RouteLimits } from '../../platform/http/rate-limits.js';
import type { Deposits } from './service.js';

export async function depositRoutes(
  app: FastifyInstance,
  {
    deposits,
    guards,
    limits,
    requireOperator,
  }: { deposits: Deposits; guards: Guards; limits: RouteLimits; requireOperator: OperatorGuard },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/funds/recharge/config',
    {
      config: { public: true },
      schema: {
        tags: ['funds'],
        summary: 'Chain, tokens and deposit address for a deposit',
        response: { 200: envelope(depositConfigSchema) },
      },
    },
    async () => ok(deposits.config()),
  );

  r.get(
    '/api/funds/recharge/address',
    {
      preHandler: guards.requireUser,
      schema: {
        tags: ['funds'],
        summary: 'My own deposit address: tokens sent to it from any wallet or exchange are credited to me',
        response: { 200: envelope(depositAddressSchema) },
      },
    },
    async (request) => ok(await deposits.addressOf(currentUser(request).id)),
  );

  r.post(
    '/api/funds/recharge',
    {
      config: { errors: ['deposit_reports_pending'] },
      preHandler: [guards.requireUser, ...limits.depositReport],
      schema: {
        tags: ['funds'],
        summary: 'Report the hash of a deposit sent from the wallet; answers what the chain says of it',
        body: depositReportRequestSchema,
        response: { 200: envelope(depositSchema) },
      },
    },
    async (request) => ok(await deposits.report(currentUser(request), request.body.asset, request.body.tx_hash)),
  );

  r.get(
    '/api/funds/recharges',
    {
      preHandler: guards.requireUser,
      schema: {
        tags: ['funds'],
        summary: 'My deposits and their status, newest first',
        querystring: pageQuery,
        response: { 200: envelope(page(depositSchema)) },
      },
    },
    async (request) => ok(await deposits.list(currentUser(request).id, request.query)),
  );

  // Transfers no user sent: listed for finance, who proposes crediting one (decision 81).
  r.get(
    '/api/admin/deposits/unattributed',
    {
      onRequest: requireOperator('read'),
      schema: {
        tags: ['admin'],
        summary: 'Transfers to the deposit address that no user sent, newest first: open, or credited and to whom',
        querystring: unattributedDepositQuerySchema,
        response: { 200: envelope(page(unattributedDepositSchema)) },
      },
    },
    async (request) => ok(await deposits.unattributed(request.query)),
  );
}
