import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error.js';

/**
 * The header of the internal routes: operations the project's own commands ask the running server
 * for, because an embedded PGlite database is open in one process at a time. The token is random,
 * written by the server to its data dir (readable by the operator who can read the database files
 * anyway).
 */
export const ADMIN_TOKEN_HEADER = 'x-wallx-admin-token';

/** A preHandler that lets through only requests carrying the server's admin token. */
export function requireAdminToken(adminToken: string) {
  const expected = Buffer.from(adminToken);
  return async (request: FastifyRequest) => {
    const given = Buffer.from(String(request.headers[ADMIN_TOKEN_HEADER] ?? ''));
    if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected))
      throw new AppError('no_permission');
  };
}
