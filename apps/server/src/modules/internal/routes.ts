import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { ok } from '../../http/envelope.js';
import { checkLedger } from '../ledger/check.js';

export const ADMIN_TOKEN_HEADER = 'x-wallx-admin-token';

/**
 * Operations the project's own commands ask the running server for, because an embedded PGlite
 * database is open in one process at a time. Guarded by a random token the server writes to its
 * data dir (readable by the operator who can read the database files anyway).
 */
export async function internalRoutes(app: FastifyInstance, { db, adminToken }: { db: Db; adminToken: string }) {
  app.post('/api/internal/ledger_check', { preHandler: requireAdminToken(adminToken), schema: { hide: true } }, async () => ok(await checkLedger(db)));
}

/** A preHandler that lets through only requests carrying the server's admin token. */
export function requireAdminToken(adminToken: string) {
  const expected = Buffer.from(adminToken);
  return async (request: FastifyRequest) => {
    const given = Buffer.from(String(request.headers[ADMIN_TOKEN_HEADER] ?? ''));
    if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) throw new AppError('no_permission');
  };
}
