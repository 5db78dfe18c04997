import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelope,
  loginNonceSchema,
  loginRequestSchema,
  loginResultSchema,
  logoutRequestSchema,
  sessionIdParamsSchema,
  sessionSchema,
  tokenSchema,
} from '@wallx/shared';
import { AppError } from '../../platform/errors/app-error.js';
import { bearerToken, currentUser, type Guards } from '../../platform/http/authenticate.js';
import { coarseNetwork } from '../../platform/http/client-key.js';
import { ok } from '../../platform/http/envelope.js';
import { requestOrigin } from '../../platform/http/origin.js';
import type { AuthService } from './service.js';

type Deps = {
  auth: AuthService;
  guards: Guards;
  rateLimit: { loginPerMinute: number; refreshPerMinute: number };
};

export async function authRoutes(app: FastifyInstance, { auth, guards, rateLimit }: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/web3/nonce',
    {
      schema: {
        tags: ['auth'],
        summary: 'A single-use nonce for one sign-in message (EIP-4361), with its issue and expiry times and the chain',
        response: { 200: envelope(loginNonceSchema) },
      },
      config: { public: true, rateLimit: { max: rateLimit.loginPerMinute, timeWindow: '1 minute' } },
    },
    async () => ok(await auth.nonce()),
  );

  r.post(
    '/api/web3/verify',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Log in with a wallet signature of a sign-in message (EIP-4361) for this site, carrying a nonce from /api/web3/nonce',
        body: loginRequestSchema,
        response: { 200: envelope(loginResultSchema) },
      },
      config: {
        errors: ['login_message_invalid', 'login_message_expired', 'login_message_used', 'signature_invalid'],
        public: true,
        rateLimit: { max: rateLimit.loginPerMinute, timeWindow: '1 minute' },
      },
    },
    async (request) =>
      ok(
        await auth.login(request.body, requestOrigin(request), {
          userAgent: request.headers['user-agent'] ?? null,
          network: coarseNetwork(request.ip),
        }),
      ),
  );

  r.post(
    '/api/web3/refresh_token',
    {
      schema: {
        tags: ['auth'],
        summary: 'Rotate tokens; the bearer header carries the refresh token, which is then spent',
        response: { 200: envelope(tokenSchema) },
      },
      config: {
        errors: ['refresh_token_invalid', 'refresh_token_reused'],
        public: true,
        rateLimit: { max: rateLimit.refreshPerMinute, timeWindow: '1 minute' },
      },
    },
    async (request) => {
      const token = bearerToken(request);
      if (!token) throw new AppError('refresh_token_invalid');
      return ok(await auth.refresh(token));
    },
  );

  r.post(
    '/api/web3/logout',
    {
      config: { errors: ['unauthorized'], public: true },
      schema: {
        tags: ['auth'],
        summary:
          'End this login session: the bearer access token (expired or not) or the refresh token in the body names it',
        body: logoutRequestSchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await auth.logout({ accessToken: bearerToken(request), refreshToken: request.body.refresh_token });
      return ok(null);
    },
  );

  // My login sessions: to spot one that is not mine, and end it (or all but this one) at once.
  const mine = { preHandler: guards.requireUser };
  r.get(
    '/api/user/sessions',
    {
      ...mine,
      schema: {
        tags: ['auth'],
        summary: 'My live login sessions, newest first: device, coarse network, last use; the current one marked',
        response: { 200: envelope(z.object({ items: z.array(sessionSchema) })) },
      },
    },
    async (request) => ok({ items: await auth.sessions(currentUser(request)) }),
  );
  r.post(
    '/api/user/sessions/:id/end',
    {
      config: { errors: ['not_found'] },
      ...mine,
      schema: {
        tags: ['auth'],
        summary: 'End one of my sessions: its tokens stop working at once',
        params: sessionIdParamsSchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await auth.endSession(currentUser(request), request.params.id);
      return ok(null);
    },
  );
  r.post(
    '/api/user/sessions/end_others',
    {
      ...mine,
      schema: {
        tags: ['auth'],
        summary: 'End every session of mine but this one',
        response: { 200: envelope(z.object({ ended: z.number().int() })) },
      },
    },
    async (request) => ok(await auth.endOtherSessions(currentUser(request))),
  );
}
