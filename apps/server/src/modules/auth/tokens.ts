import crypto from 'node:crypto';
import { createSigner, createVerifier, TokenError } from 'fast-jwt';
import { AppError } from '../../platform/errors/app-error.js';
import type { AccessClaims } from '../../platform/http/authenticate.js';
import type { JwtKeys } from './keys.js';

export const JWT_ISSUER = 'wallx';
export const JWT_AUDIENCE = 'wallx-api';

/**
 * Access tokens: EdDSA JWTs. Verification is synchronous node:crypto with an LRU cache of verified
 * tokens, because an Ed25519 check costs ~170 µs here and a client presents the same token for its
 * whole life; expiry is still checked on every use.
 */
export function createTokens(keys: JwtKeys, accessTtlSeconds: number) {
  const sign = createSigner({
    key: keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    algorithm: 'EdDSA',
    iss: JWT_ISSUER,
    aud: JWT_AUDIENCE,
    expiresIn: accessTtlSeconds * 1000,
  });
  const spki = (key: JwtKeys['publicKey']) => key.export({ type: 'spki', format: 'pem' }).toString();
  const verifierOf = (key: JwtKeys['publicKey'], options: { cache?: number; ignoreExpiration?: boolean }) =>
    createVerifier({
      key: spki(key),
      algorithms: ['EdDSA'],
      allowedIss: JWT_ISSUER,
      allowedAud: JWT_AUDIENCE,
      ...options,
    });
  /**
   * During a key rotation a token may be signed by the other pair: only a signature the current key
   * refuses is tried against the previous one, so an expired or malformed token is refused as before.
   */
  const eitherKey = (options: { cache?: number; ignoreExpiration?: boolean }) => {
    const current = verifierOf(keys.publicKey, options);
    const previous = keys.previousPublicKey && verifierOf(keys.previousPublicKey, options);
    return (token: string): Record<string, unknown> => {
      try {
        return current(token);
      } catch (error) {
        if (!previous || !(error instanceof TokenError) || error.code !== TokenError.codes.invalidSignature)
          throw error;
        return previous(token);
      }
    };
  };
  const verify = eitherKey({ cache: 10_000 });
  // Logout only: a token we signed still names its session after it expires, and ending that
  // session is all it can do then.
  const verifyIgnoringExpiry = eitherKey({ ignoreExpiration: true });

  function claimsOf(token: string, verifier: typeof verify): AccessClaims {
    let payload: Record<string, unknown>;
    try {
      payload = verifier(token);
    } catch (error) {
      if (error instanceof TokenError) throw new AppError('unauthorized', { cause: error });
      throw error;
    }
    if (
      payload.typ !== 'access' ||
      typeof payload.sub !== 'string' ||
      typeof payload.sid !== 'string' ||
      typeof payload.exp !== 'number'
    ) {
      throw new AppError('unauthorized');
    }
    return { userId: payload.sub, sessionId: payload.sid, expiresAt: payload.exp * 1000 };
  }

  return {
    signAccess({ userId, sessionId }: Omit<AccessClaims, 'expiresAt'>): string {
      return sign({ sub: userId, sid: sessionId, typ: 'access' });
    },

    /** Any failure — bad signature, expired, malformed — is the same 401 to the caller. */
    verifyAccess: (token: string): AccessClaims => claimsOf(token, verify),

    /** The session an access token of ours names, expired or not (for logout). */
    sessionOfAccessToken: (token: string): string => claimsOf(token, verifyIgnoringExpiry).sessionId,
  };
}
export type Tokens = ReturnType<typeof createTokens>;

/** Refresh tokens are opaque random strings; only their hash is stored. */
export function newRefreshToken(): { token: string; hash: string } {
  const token = `rt_${crypto.randomBytes(32).toString('base64url')}`;
  return { token, hash: hashRefreshToken(token) };
}

export function hashRefreshToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}
