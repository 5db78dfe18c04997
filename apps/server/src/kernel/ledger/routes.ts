import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/database.js';
import { requireAdminToken } from '../../platform/http/admin-token.js';
import { ok } from '../../platform/http/envelope.js';
import { checkLedger } from './check.js';

/** `npm run ledger:check` against a running server. */
export async function ledgerRoutes(
  app: FastifyInstance,
  { db, adminToken }: { db: Db; adminToken: string | undefined },
) {
  if (!adminToken) return;
  app.post(
    '/api/internal/ledger_check',
    { preHandler: requireAdminToken(adminToken), schema: { hide: true } },
    async () => ok(await checkLedger(db)),
  );
}
