import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  envelope,
  leaderboardQuerySchema,
  nicknameHideSchema,
  operatorLeaderboardSchema,
  operatorLeaderboardUserParamSchema,
  operatorNicknameSchema,
} from '@wallx/shared';
import { ok } from '../../platform/http/envelope.js';
import { operatorOf, type OperatorGuard } from '../../platform/http/operator.js';
import type { LeaderboardOperations } from './operator.js';

type Deps = { operations: LeaderboardOperations; requireOperator: OperatorGuard };

/** The console's board: every operator reads it; support hides a nickname that abuses it (audited). */
export async function leaderboardOperatorRoutes(app: FastifyInstance, { operations, requireOperator }: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];

  r.get(
    '/api/operator/leaderboard',
    {
      config: { errors: ['leaderboard_week_invalid'] },
      onRequest: requireOperator('read'),
      schema: {
        tags,
        summary: "A week's board with addresses and nicknames, and what a closed week paid (no moods)",
        querystring: leaderboardQuerySchema,
        response: { 200: envelope(operatorLeaderboardSchema) },
      },
    },
    async (request) => ok(await operations.board(request.query)),
  );
  r.post(
    '/api/operator/leaderboard/nicknames/:user/hide',
    {
      config: { errors: ['user_not_found', 'operator_own_account'] },
      onRequest: requireOperator('support'),
      schema: {
        tags,
        summary: "Hide a user's nickname (the board shows their shortened address), with a reason (audited)",
        params: operatorLeaderboardUserParamSchema,
        body: nicknameHideSchema,
        response: { 200: envelope(operatorNicknameSchema) },
      },
    },
    async (request) => ok(await operations.hide(operatorOf(request), request.params.user, request.body.reason)),
  );
  r.post(
    '/api/operator/leaderboard/nicknames/:user/unhide',
    {
      config: { errors: ['user_not_found', 'operator_own_account'] },
      onRequest: requireOperator('support'),
      schema: {
        tags,
        summary: "Show a user's nickname again (audited)",
        params: operatorLeaderboardUserParamSchema,
        response: { 200: envelope(operatorNicknameSchema) },
      },
    },
    async (request) => ok(await operations.unhide(operatorOf(request), request.params.user)),
  );
}
