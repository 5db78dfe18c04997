import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error.js';
import { requiring } from './route-requirements.js';

/** What a valid access token says (modules/auth signs and checks it). */
export type AccessClaims = {
  userId: string;
  sessionId: string;
  /** When the token stops being accepted (epoch ms): an event stream opened with it ends then. */
  expiresAt: number;
};

/** The signed-in user of a guarded route, with the session their token belongs to. */
export type CurrentUser = {
  id: string;
  address: string;
  is_frozen: boolean;
  is_validator: boolean;
  sessionId: string;
  expiresAt: number;
};

/** What the guards ask of sign-in; modules/auth answers (app/app.ts hands it in). */
export type SessionCheck = {
  authenticate(accessToken: string): Promise<CurrentUser>;
  verifyAccessToken(accessToken: string): AccessClaims;
};

declare module 'fastify' {
  interface FastifyRequest {
    currentUser: CurrentUser | null;
    /** The user of a route guarded by `requireActiveUser`: not frozen when the request began. */
    activeAccount: CurrentUser | null;
    accessClaims: AccessClaims | null;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

export type Guards = {
  /** For every route that needs a logged-in user: a valid token of a live session. */
  requireUser: (request: FastifyRequest) => Promise<void>;
  /**
   * Checks only the token's signature and expiry; the route's own query must check the session
   * (see userinfo). For hot reads that fold the session check into their single query.
   */
  requireAccessToken: (request: FastifyRequest) => Promise<void>;
  /**
   * For the routes that transact: `requireUser`, and the account is not frozen (a frozen account
   * can read but not transact). Tagged so, the document declares the 403 it answers (code 1005).
   */
  requireActiveUser: (request: FastifyRequest) => Promise<void>;
};

export function registerAuthentication(app: FastifyInstance, auth: SessionCheck): Guards {
  app.decorateRequest('currentUser', null);
  app.decorateRequest('activeAccount', null);
  app.decorateRequest('accessClaims', null);
  const tokenOf = (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token) throw new AppError('unauthorized');
    return token;
  };
  return {
    requireUser: requiring('user-token', async (request) => {
      request.currentUser = await auth.authenticate(tokenOf(request));
    }),
    requireAccessToken: requiring('user-token', async (request) => {
      request.accessClaims = auth.verifyAccessToken(tokenOf(request));
    }),
    requireActiveUser: requiring(['user-token', 'active-account'], async (request) => {
      const user = await auth.authenticate(tokenOf(request));
      request.currentUser = user;
      if (user.is_frozen) throw new AppError('account_frozen');
      request.activeAccount = user;
    }),
  };
}

export function accessClaims(request: FastifyRequest): AccessClaims {
  if (!request.accessClaims) throw new AppError('unauthorized');
  return request.accessClaims;
}

/** The logged-in user of a route guarded by `requireUser`. */
export function currentUser(request: FastifyRequest): CurrentUser {
  if (!request.currentUser) throw new AppError('unauthorized');
  return request.currentUser;
}

/**
 * The user of a route that transacts, guarded by `requireActiveUser` (which refused a frozen
 * account). A route not so guarded fails here, loudly: its document would not declare the 403.
 */
export function activeUser(request: FastifyRequest): CurrentUser {
  if (!request.activeAccount) throw new Error('activeUser() on a route not guarded by requireActiveUser');
  return request.activeAccount;
}
