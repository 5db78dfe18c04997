import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  coldTransferQuerySchema,
  coldTransferSchema,
  depositAddressHoldingQuerySchema,
  depositAddressHoldingSchema,
  envelope,
  hotWalletSchema,
  page,
  sweepQuerySchema,
  sweepSchema,
} from '@wallx/shared';
import { ok } from '../../platform/http/envelope.js';
import type { OperatorGuard } from '../../platform/http/operator.js';
import type { Treasury } from './service.js';

type Deps = { treasury: Treasury; requireOperator: OperatorGuard };

/** The console's view of where the tokens are (issue 33): every role reads it; nothing here moves tokens. */
export async function treasuryRoutes(app: FastifyInstance, { treasury, requireOperator }: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = { tags: ['admin'] };
  const read = { onRequest: requireOperator('read') };

  r.get(
    '/api/admin/deposit-addresses',
    {
      ...read,
      schema: {
        ...tags,
        summary: "Users' deposit addresses holding tokens by the books: unswept and in flight per token",
        querystring: depositAddressHoldingQuerySchema,
        response: { 200: envelope(page(depositAddressHoldingSchema)) },
      },
    },
    async (request) => ok(await treasury.depositAddresses(request.query)),
  );
  r.get(
    '/api/admin/sweeps',
    {
      ...read,
      schema: {
        ...tags,
        summary: 'Sweeps of deposit addresses into the hot wallet, newest first, with what they moved and their gas',
        querystring: sweepQuerySchema,
        response: { 200: envelope(page(sweepSchema)) },
      },
    },
    async (request) => ok(await treasury.sweeps(request.query)),
  );
  r.get(
    '/api/admin/hot-wallet',
    {
      ...read,
      schema: {
        ...tags,
        summary:
          'Per token: the hot wallet against its marks, cold storage, what is in flight, and whether payouts wait',
        response: { 200: envelope(hotWalletSchema) },
      },
    },
    async () => ok(await treasury.hotWallet()),
  );
  r.get(
    '/api/admin/cold-transfers',
    {
      ...read,
      schema: {
        ...tags,
        summary: 'Transfers of the hot wallet’s excess to cold storage, newest first',
        querystring: coldTransferQuerySchema,
        response: { 200: envelope(page(coldTransferSchema)) },
      },
    },
    async (request) => ok(await treasury.coldTransfers(request.query)),
  );
}
