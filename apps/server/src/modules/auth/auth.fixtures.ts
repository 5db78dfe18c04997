import { createSigner } from 'fast-jwt';
import type { login, TestApp } from '../../test/helpers.js';

/** The login and session tests' requests, on the app `current` answers once started. */
export function authHelpers(current: () => TestApp) {
  const verify = (payload: object, headers: Record<string, string> = {}) =>
    current().app.inject({ method: 'POST', url: '/api/web3/verify', payload, headers });
  const refresh = (token: string) =>
    current().app.inject({
      method: 'POST',
      url: '/api/web3/refresh_token',
      headers: { authorization: `Bearer ${token}` },
    });
  const info = (accessToken: string) =>
    current().app.inject({ method: 'GET', url: '/api/user/info', headers: { authorization: `Bearer ${accessToken}` } });
  /** The session's access token as it would be two minutes after a one-minute life. */
  const expiredAccessToken = (session: Awaited<ReturnType<typeof login>>) => {
    const claims = JSON.parse(Buffer.from(session.token.access_token.split('.')[1]!, 'base64url').toString());
    return createSigner({
      key: current().keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      algorithm: 'EdDSA',
      iss: 'wallx',
      aud: 'wallx-api',
      expiresIn: 60_000,
      clockTimestamp: Date.now() - 120_000,
    })({ sub: claims.sub, sid: claims.sid, typ: 'access' });
  };
  return { verify, refresh, info, expiredAccessToken };
}
