import { createNonceRepository } from './nonce-repository.js';
import { createRefreshTokenRepository } from './refresh-token-repository.js';
import { createSessionRepository } from './session-repository.js';

export type { RefreshTokenRow } from './refresh-token-repository.js';
export type { SessionRow, SessionUser } from './session-repository.js';

/** The sign-in's SQL by table: nonces, sessions, refresh tokens. */
export function createAuthRepository() {
  return { ...createNonceRepository(), ...createSessionRepository(), ...createRefreshTokenRepository() };
}
export type AuthRepository = ReturnType<typeof createAuthRepository>;
