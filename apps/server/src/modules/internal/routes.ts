import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dayString } from '@wallx/shared';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { ok } from '../../http/envelope.js';
import { checkLedger } from '../ledger/check.js';
import type { OutputJob } from '../miners/output-job.js';

export const ADMIN_TOKEN_HEADER = 'x-wallx-admin-token';

/**
 * Operations the project's own commands ask the running server for, because an embedded PGlite
 * database is open in one process at a time. Guarded by a random token the server writes to its
 * data dir (readable by the operator who can read the database files anyway).
 */
export async function internalRoutes(app: FastifyInstance, { db, adminToken, outputJob }: { db: Db; adminToken: string; outputJob: OutputJob }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post('/api/internal/ledger_check', { preHandler: requireAdminToken(adminToken), schema: { hide: true } }, async () => ok(await checkLedger(db)));
  r.post(
    '/api/internal/jobs/miner_output',
    { preHandler: requireAdminToken(adminToken), schema: { hide: true, body: z.object({ date: dayString }) } },
    async (request) => ok({ days: await outputJob.runDay(request.body.date) }),
  );
}

/** A preHandler that lets through only requests carrying the server's admin token. */
export function requireAdminToken(adminToken: string) {
  const expected = Buffer.from(adminToken);
  return async (request: FastifyRequest) => {
    const given = Buffer.from(String(request.headers[ADMIN_TOKEN_HEADER] ?? ''));
    if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) throw new AppError('no_permission');
  };
}
