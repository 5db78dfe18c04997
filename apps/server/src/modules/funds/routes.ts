import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelope,
  fundPasswordRequestSchema,
  fundPasswordResetRequestSchema,
  fundPasswordResetResultSchema,
  fundRecordSchema,
  fundRecordsQuerySchema,
  page,
  pageQuery,
  transferRequestSchema,
  transferSchema,
} from '@wallx/shared';
import { fundPasswordRefusals, type FundPasswords } from '../../fund-password/fund-password.js';
import { activeUser, currentUser, type Guards } from '../../http/authenticate.js';
import { ok } from '../../http/envelope.js';
import { requestOrigin } from '../../http/origin.js';
import type { RouteLimits } from '../../http/rate-limits.js';
import { idempotencyHeaders, idempotencyKey, idempotencyRefusals } from '../../idempotency/idempotency-key.js';
import type { FundsService } from './service.js';

type Deps = { funds: FundsService; fundPasswords: FundPasswords; guards: Guards; limits: RouteLimits };

export async function fundsRoutes(app: FastifyInstance, { funds, fundPasswords, guards, limits }: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // A new fund password is refused as too short or unconfirmed; setting it first, or resetting it,
  // is signed with the wallet (a signed message of its own, as a sign-in's).
  const newPasswordRefusals = ['fund_password_too_short', 'fund_password_mismatch'] as const;
  const walletSignatureRefusals = [
    'wallet_signature_required',
    'login_message_invalid',
    'login_message_expired',
    'login_message_used',
    'signature_invalid',
  ] as const;
  const activeWithFundPassword = [guards.requireActiveUser, ...limits.fundPassword];

  r.post(
    '/api/user/fund_password',
    {
      config: {
        errors: [
          'fund_password_already_set',
          'fund_password_incorrect',
          'fund_password_locked',
          ...newPasswordRefusals,
          ...walletSignatureRefusals,
        ],
      },
      preHandler: activeWithFundPassword,
      schema: {
        tags: ['funds'],
        summary:
          'Set the first fund password on the wallet’s signature of the set (message, signature), or change it with old_password',
        body: fundPasswordRequestSchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await fundPasswords.set(activeUser(request), request.body, requestOrigin(request));
      return ok(null);
    },
  );

  r.post(
    '/api/user/fund_password/reset',
    {
      config: { errors: [...newPasswordRefusals, ...walletSignatureRefusals] },
      preHandler: activeWithFundPassword,
      schema: {
        tags: ['funds'],
        summary:
          'Replace a forgotten fund password on the wallet’s signature of the reset; transfers, withdrawals and market trades then wait 24 hours',
        body: fundPasswordResetRequestSchema,
        response: { 200: envelope(fundPasswordResetResultSchema) },
      },
    },
    async (request) => ok(await fundPasswords.reset(activeUser(request), request.body, requestOrigin(request))),
  );

  r.post(
    '/api/funds/transfer',
    {
      config: {
        errors: [
          ...fundPasswordRefusals,
          ...idempotencyRefusals,
          'insufficient_usdt',
          'insufficient_wallx',
          'invalid_wallet_account',
          'transfer_to_self',
        ],
      },
      preHandler: activeWithFundPassword,
      schema: {
        tags: ['funds'],
        summary: 'Transfer USDT or WALLX to another registered user',
        headers: idempotencyHeaders,
        body: transferRequestSchema,
        response: { 200: envelope(z.object({ transfer: transferSchema })) },
      },
    },
    async (request) => ok(await funds.transfer(activeUser(request), request.body, idempotencyKey(request))),
  );

  r.get(
    '/api/funds/records',
    {
      preHandler: guards.requireUser,
      schema: {
        tags: ['funds'],
        summary: 'My fund records (ledger entries), newest first',
        querystring: pageQuery.extend(fundRecordsQuerySchema.shape),
        response: { 200: envelope(page(fundRecordSchema)) },
      },
    },
    async (request) => ok(await funds.records(currentUser(request).id, request.query)),
  );

  r.get(
    '/api/funds/transfers',
    {
      preHandler: guards.requireUser,
      schema: {
        tags: ['funds'],
        summary: 'My transfers in and out, newest first',
        querystring: pageQuery,
        response: { 200: envelope(page(transferSchema)) },
      },
    },
    async (request) => ok(await funds.transfers(currentUser(request).id, request.query)),
  );
}
