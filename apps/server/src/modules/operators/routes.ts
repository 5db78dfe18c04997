import type { FastifyInstance, FastifyRequest } from 'fastify';
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
  operatorPersonRequestSchema,
  operatorRoleRequestSchema,
  operatorSchema,
  operatorSessionSchema,
  page,
  proposalSchema,
  type OperatorProposalKind,
} from '@wallx/shared';
import { AppError } from '../../platform/errors/app-error.js';
import { bearerToken } from '../../platform/http/authenticate.js';
import { coarseNetwork } from '../../platform/http/client-key.js';
import { ok } from '../../platform/http/envelope.js';
import { requestOrigin } from '../../platform/http/origin.js';
import { currentOperator, operatorOf, type OperatorGuard } from '../../platform/http/operator.js';
import type { Propose } from '../../kernel/money-decisions/decision-handler.js';
import type { OperatorsService } from './service.js';

type Deps = { operators: OperatorsService; propose: Propose; requireOperator: OperatorGuard; loginPerMinute: number };

/**
 * The console's login, its audit log and its operators. Nothing under /api/admin answers a user's
 * token. Adding an operator, a role, a person link and enabling are proposals a second admin approves
 * (decision 118); disabling is at once.
 */
export async function operatorRoutes(app: FastifyInstance, deps: Deps) {
  sessionRoutes(app, deps);
  managementRoutes(app, deps);
}

/** Signing in and out of the console, and the audit log. */
function sessionRoutes(app: FastifyInstance, { operators, requireOperator, loginPerMinute }: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = { tags: ['admin'] };

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
}

/** The console's operators: listed, added, changed and enabled by proposal; disabled at once. */
function managementRoutes(app: FastifyInstance, { operators, propose, requireOperator }: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = { tags: ['admin'] };
  // A proposed change of an operator: not one of the configured (their role is the configuration's),
  // not there, one's own or a wallet of one's own, one already waiting, or one that changes nothing.
  const changeRefusals = [
    'operator_configured',
    'operator_not_found',
    'operator_change_own',
    'proposal_exists',
    'proposal_changes_nothing',
  ] as const;
  const proposed = { 200: envelope(proposalSchema) };
  // A proposed change of one operator, by the admin asking, with what it sets; no reason is asked.
  const proposeAbout = (
    request: FastifyRequest,
    address: string,
    kind: OperatorProposalKind,
    detail: Record<string, unknown>,
  ) => propose(operatorOf(request), { kind, subjectId: address, reason: '', detail });

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
      config: {
        errors: [
          'operator_configured',
          'operator_not_found',
          'operator_exists',
          'proposal_exists',
          'proposal_changes_nothing',
        ],
      },
      ...admins,
      schema: {
        ...tags,
        summary:
          'Propose adding an operator with a role (and the person they are a second wallet of); a second admin approves',
        body: operatorAddRequestSchema,
        response: proposed,
      },
    },
    async (request) =>
      ok(
        await proposeAbout(request, request.body.address, 'operator.add', {
          role: request.body.role,
          person: request.body.person ?? null,
        }),
      ),
  );
  r.put(
    '/api/admin/operators/:address',
    {
      config: { errors: [...changeRefusals] },
      ...admins,
      schema: {
        ...tags,
        summary: "Propose a console operator's new role; a second admin approves",
        params: operatorAddressParamsSchema,
        body: operatorRoleRequestSchema,
        response: proposed,
      },
    },
    async (request) =>
      ok(await proposeAbout(request, request.params.address, 'operator.role', { role: request.body.role })),
  );
  r.put(
    '/api/admin/operators/:address/person',
    {
      config: { errors: [...changeRefusals, 'operator_is_person'] },
      ...admins,
      schema: {
        ...tags,
        summary:
          'Propose recording a console operator as a second wallet of another (or, null, as a person of their own); a second admin approves',
        params: operatorAddressParamsSchema,
        body: operatorPersonRequestSchema,
        response: proposed,
      },
    },
    async (request) =>
      ok(await proposeAbout(request, request.params.address, 'operator.person', { person: request.body.person })),
  );
  r.post(
    '/api/admin/operators/:address/disable',
    {
      config: { errors: ['operator_configured', 'operator_not_found', 'operator_self'] },
      ...admins,
      schema: {
        ...tags,
        summary: 'Disable a console operator at once; their sessions end and their proposals can no longer be approved',
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
        summary: 'Propose enabling a disabled console operator; a second admin approves',
        params: operatorAddressParamsSchema,
        response: proposed,
      },
    },
    async (request) => ok(await proposeAbout(request, request.params.address, 'operator.enable', {})),
  );
}
