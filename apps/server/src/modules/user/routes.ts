import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope, userInfoResultSchema } from '@wallx/shared';
import { accessClaims, type Guards } from '../../platform/http/authenticate.js';
import { ok } from '../../platform/http/envelope.js';
import type { UserService } from './service.js';

type Deps = { users: UserService; guards: Guards };

export async function userRoutes(app: FastifyInstance, { users, guards }: Deps) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/user/info',
    {
      preHandler: guards.requireAccessToken,
      schema: {
        tags: ['user'],
        summary: 'The logged-in user and balances',
        response: { 200: envelope(userInfoResultSchema) },
      },
    },
    async (request) => ok(await users.info(accessClaims(request))),
  );
}
