import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelope,
  fundPasswordRequestSchema,
  fundPasswordResetRequestSchema,
  fundPasswordResetResultSchema,
} from '@wallx/shared';
import { activeUser, type Guards } from '../../platform/http/authenticate.js';
import { ok } from '../../platform/http/envelope.js';
import { requestOrigin } from '../../platform/http/origin.js';
import type { RouteLimits } from '../../platform/http/rate-limits.js';
import type { FundPasswords } from './fund-password.js';

type Deps = { fundPasswords: FundPasswords; guards: Guards; limits: RouteLimits };

/** Setting, changing and resetting the fund password that guards every move of money. */
export async function fundPasswordRoutes(app: FastifyInstance, { fundPasswords, guards, limits }: Deps) {
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
}
