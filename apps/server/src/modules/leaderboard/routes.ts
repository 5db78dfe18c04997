import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  envelope,
  leaderboardProfileRequestSchema,
  leaderboardProfileSchema,
  leaderboardQuerySchema,
  leaderboardSchema,
} from '@wallx/shared';
import { accessClaims, currentUser, type Guards } from '../../platform/http/authenticate.js';
import { ok } from '../../platform/http/envelope.js';
import type { LeaderboardService } from './service.js';

type Deps = { board: LeaderboardService; guards: Guards };

/**
 * The weekly board. Signed in only, though it shows no moods: it lists who checks in and how often
 * (nicknames and addresses beside day counts), which is not for anyone passing by (decision in the report).
 */
export async function leaderboardRoutes(app: FastifyInstance, { board, guards }: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { preHandler: guards.requireUser };
  const tags = ['leaderboard'];

  r.get(
    '/api/leaderboard',
    {
      config: { errors: ['leaderboard_week_invalid'] },
      // The token only: the session's check is part of the board's one statement (see service.board).
      preHandler: guards.requireAccessToken,
      schema: {
        tags,
        summary: "A week's board (this week unless a past Monday is named), 20 places a page, and my own place",
        querystring: leaderboardQuerySchema,
        response: { 200: envelope(leaderboardSchema) },
      },
    },
    async (request) => {
      const { userId, sessionId } = accessClaims(request);
      return ok(await board.board({ userId, sessionId }, request.query));
    },
  );
  r.get(
    '/api/leaderboard/profile',
    {
      ...auth,
      schema: {
        tags,
        summary: 'How I appear on the board: my nickname, whether I am on it, whether an operator hid the nickname',
        response: { 200: envelope(leaderboardProfileSchema) },
      },
    },
    async (request) => ok(await board.profile(currentUser(request).id)),
  );
  // Not money and not a transaction: a frozen account may still choose how it is shown, or leave.
  r.put(
    '/api/leaderboard/profile',
    {
      config: { errors: ['nickname_taken'] },
      ...auth,
      schema: {
        tags,
        summary: 'Join the board (or rename) under a nickname, or under my shortened address (null)',
        body: leaderboardProfileRequestSchema,
        response: { 200: envelope(leaderboardProfileSchema) },
      },
    },
    async (request) => ok(await board.join(currentUser(request).id, request.body.nickname)),
  );
  r.delete(
    '/api/leaderboard/profile',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Leave the board: I still check in and earn, but no week shows me and I play for no prize',
        response: { 200: envelope(leaderboardProfileSchema) },
      },
    },
    async (request) => ok(await board.leave(currentUser(request).id)),
  );
}
