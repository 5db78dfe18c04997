import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  envelope,
  inviterQuerySchema,
  inviterSchema,
  page,
  shareInfoSchema,
  teamMemberSchema,
  teamMembersQuerySchema,
  teamOfQuerySchema,
  teamSummarySchema,
} from '@wallx/shared';
import { currentUser, type Guards } from '../../platform/http/authenticate.js';
import { ok } from '../../platform/http/envelope.js';
import { requestOrigin } from '../../platform/http/origin.js';
import type { TeamService } from './service.js';

type Deps = { team: TeamService; guards: Guards; inviterLookupsPerMinute: number };

/** The origin the request came to, as the client saw it (through the proxies TRUST_PROXY names). */

export async function teamRoutes(app: FastifyInstance, { team, guards, inviterLookupsPerMinute }: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { preHandler: guards.requireUser };

  r.get(
    '/api/share/info',
    {
      ...auth,
      schema: {
        tags: ['team'],
        summary: 'My share code and invite link',
        response: { 200: envelope(shareInfoSchema) },
      },
    },
    async (request) => ok(await team.shareInfo(currentUser(request), requestOrigin(request))),
  );
  r.get(
    '/api/share/inviter',
    {
      schema: {
        tags: ['team'],
        summary: 'Who a share code belongs to (shortened address), for the join page',
        querystring: inviterQuerySchema,
        response: { 200: envelope(inviterSchema) },
      },
      config: {
        errors: ['share_code_unknown'],
        public: true,
        rateLimit: { max: inviterLookupsPerMinute, timeWindow: '1 minute' },
      },
    },
    async (request) => ok(await team.inviter(request.query.code)),
  );
  r.get(
    '/api/team/summary',
    {
      config: { errors: ['team_member_not_found'] },
      ...auth,
      schema: {
        tags: ['team'],
        summary: 'Team size and performance of me or of a member of my team',
        querystring: teamOfQuerySchema,
        response: { 200: envelope(teamSummarySchema) },
      },
    },
    async (request) => ok(await team.summary(currentUser(request), request.query.of)),
  );
  r.get(
    '/api/team/members',
    {
      config: { errors: ['team_member_not_found'] },
      ...auth,
      schema: {
        tags: ['team'],
        summary: 'Direct invitees of me or of a member of my team, newest first',
        querystring: teamMembersQuerySchema,
        response: { 200: envelope(page(teamMemberSchema)) },
      },
    },
    async (request) => ok(await team.members(currentUser(request), request.query)),
  );
}
