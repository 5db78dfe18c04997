import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  auditEntrySchema,
  auditQuerySchema,
  envelope,
  operatorAddRequestSchema,
  operatorAddressParamsSchema,
  operatorEntrySchema,
  operatorLoginRequestSchema,
  operatorRoleRequestSchema,
  operatorSchema,
  operatorSessionSchema,
  page,
} from '@wallx/shared';
import { AppError } from '../../http/app-error.js';
import { bearerToken } from '../../http/authenticate.js';
import { coarseNetwork } from '../../http/client-key.js';
import { ok } from '../../http/envelope.js';
import { requestOrigin } from '../../http/origin.js';
import { currentOperator, operatorOf, type OperatorGuard } from '../../http/operator.js';
import type { OperatorsService } from './service.js';

type Deps = { operators: OperatorsService; requireOperator: OperatorGuard; loginPerMinute: number };

/** The console's login and its audit log. Nothing under /api/admin answers a user's token. */
export async function operatorRoutes(app: FastifyInstance, { operators, requireOperator, loginPerMinute }: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = { tags: ['admin'] };
  // A change of an operator: not one of the configured (their role is the configuration's), not
  // there, or the caller's own.
  const changeRefusals = ['operator_configured', 'operator_not_found', 'operator_self'] as const;

  r.post(
    '/api/admin/auth/login',
    {
      schema: {
        ...tags,
        summary:
          'Open a console session with a wallet signature of the console sign-in message (EIP-4361 for this site and /admin, a nonce from /api/web3/nonce); audited, refused ones too',
        body: operatorLoginRequestSchema,
        response: { 200: envelope(operatorSessionSchema) },
      },
      config: {
        errors: [
          'operator_unknown',
          'login_message_invalid',
          'login_message_expired',
          'login_message_used',
          'signature_invalid',
        ],
        public: true,
        rateLimit: { max: loginPerMinute, timeWindow: '1 minute' },
      },
    },
    async (request) =>
      ok(
        await operators.login(request.body, requestOrigin(request), {
          userAgent: request.headers['user-agent'] ?? null,
          network: coarseNetwork(request.ip),
        }),
      ),
  );
  r.get(
    '/api/admin/auth/me',
    {
      onRequest: requireOperator('read'),
      schema: {
        ...tags,
        summary: 'The operator of this session and their role',
        response: { 200: envelope(operatorSchema) },
      },
    },
    async (request) => ok(currentOperator(request)),
  );
  r.post(
    '/api/admin/auth/logout',
    {
      config: { errors: ['operator_session_invalid'], public: true },
      schema: { ...tags, summary: 'End this console session', response: { 200: envelope(z.object({})) } },
    },
    async (request) => {
      const token = bearerToken(request);
      if (!token) throw new AppError('operator_session_invalid');
      await operators.logout(token);
      return ok({});
    },
  );
  r.get(
    '/api/admin/audit',
    {
      onRequest: requireOperator('read'),
      schema: {
        ...tags,
        summary: 'The audit log, newest first, filtered by operator, action or subject',
        querystring: auditQuerySchema,
        response: { 200: envelope(page(auditEntrySchema)) },
      },
    },
    async (request) => ok(await operators.audit(request.query)),
  );

  // Who may operate (decision 56): admins only; configuration's operators are listed, not editable.
  const admins = { onRequest: requireOperator('operators') };
  const entry = { 200: envelope(z.object({ operator: operatorEntrySchema })) };
  r.get(
    '/api/admin/operators',
    {
      ...admins,
      schema: {
        ...tags,
        summary: 'Every operator: from configuration (read-only) and added in the console',
        response: { 200: envelope(z.object({ items: z.array(operatorEntrySchema) })) },
      },
    },
    async () => ok({ items: await operators.list() }),
  );
  r.post(
    '/api/admin/operators',
    {
      config: { errors: ['operator_configured', 'operator_not_found', 'operator_exists'] },
      ...admins,
      schema: { ...tags, summary: 'Add an operator with a role', body: operatorAddRequestSchema, response: entry },
    },
    async (request) =>
      ok({
        operator: await operators.add(
          operatorOf(request),
          request.body.address,
          request.body.role,
          request.body.person,
        ),
      }),
  );
  r.put(
    '/api/admin/operators/:address',
    {
      config: { errors: [...changeRefusals] },
      ...admins,
      schema: {
        ...tags,
        summary: "Change a console operator's role",
        params: operatorAddressParamsSchema,
        body: operatorRoleRequestSchema,
        response: entry,
      },
    },
    async (request) =>
      ok({ operator: await operators.setRole(operatorOf(request), request.params.address, request.body.role) }),
  );
  r.post(
    '/api/admin/operators/:address/disable',
    {
      config: { errors: [...changeRefusals] },
      ...admins,
      schema: {
        ...tags,
        summary: 'Disable a console operator; their sessions end',
        params: operatorAddressParamsSchema,
        response: entry,
      },
    },
    async (request) => ok({ operator: await operators.disable(operatorOf(request), request.params.address) }),
  );
  r.post(
    '/api/admin/operators/:address/enable',
    {
      config: { errors: [...changeRefusals] },
      ...admins,
      schema: {
        ...tags,
        summary: 'Enable a disabled console operator',
        params: operatorAddressParamsSchema,
        response: entry,
      },
    },
    async (request) => ok({ operator: await operators.enable(operatorOf(request), request.params.address) }),
  );
}
