import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateJwtKeys, loadJwtKeys } from './keys.js';
import { createTokens } from './tokens.js';

describe('JWT keys', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallx-keys-'));
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  const config = () => ({
    jwt: { privateKeyPem: null, publicKeyPem: null, previousPublicKeyPem: null },
    dataDir: path.join(dataDir, 'data'),
  });
  const pem = (keys: ReturnType<typeof loadJwtKeys>) => ({
    privateKey: keys.privateKey.export({ type: 'pkcs8', format: 'pem' }),
    publicKey: keys.publicKey.export({ type: 'spki', format: 'pem' }),
  });

  it('are generated once into the data dir, readable by the owner only, and survive a restart', () => {
    const file = path.join(config().dataDir, 'jwt-keys.json');
    expect(fs.existsSync(file)).toBe(false);

    const first = loadJwtKeys(config());
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual(pem(first));

    const afterRestart = loadJwtKeys(config());
    expect(pem(afterRestart)).toEqual(pem(first));
    const token = createTokens(first, 900).signAccess({ userId: '42', sessionId: 'session-1' });
    expect(createTokens(afterRestart, 900).verifyAccess(token)).toEqual({
      userId: '42',
      sessionId: 'session-1',
      expiresAt: expect.any(Number),
    });

    // A different data dir gets keys of its own, under which the token is worthless.
    const elsewhere = loadJwtKeys({ ...config(), dataDir: path.join(dataDir, 'other') });
    expect(() => createTokens(elsewhere, 900).verifyAccess(token)).toThrow(
      expect.objectContaining({ key: 'unauthorized' }),
    );
  });

  it('rotate without logging anyone out: each pair accepts the other’s tokens while JWT_PREVIOUS_PUBLIC_KEY names it', () => {
    const toPem = (keys: ReturnType<typeof generateJwtKeys>) => ({
      privateKeyPem: keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      publicKeyPem: keys.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    });
    const [old, next, stranger] = [toPem(generateJwtKeys()), toPem(generateJwtKeys()), toPem(generateJwtKeys())];
    const instance = (pair: typeof old, previous: typeof old | null) =>
      createTokens(
        loadJwtKeys({ dataDir, jwt: { ...pair, previousPublicKeyPem: previous?.publicKeyPem ?? null } }),
        900,
      );
    const claims = { userId: '7', sessionId: 'session-7' };
    const unauthorized = expect.objectContaining({ key: 'unauthorized' });

    // Step 1, every instance still signs with the old pair and already accepts the new one.
    const step1 = instance(old, next);
    // Step 2, instances sign with the new pair and accept the old one: during the rollout either
    // instance takes the other's tokens, in both directions.
    const step2 = instance(next, old);
    expect(step2.verifyAccess(step1.signAccess(claims))).toMatchObject(claims);
    expect(step1.verifyAccess(step2.signAccess(claims))).toMatchObject(claims);
    expect(step2.sessionOfAccessToken(step1.signAccess(claims))).toBe('session-7');
    expect(() => step2.verifyAccess(instance(stranger, null).signAccess(claims))).toThrow(unauthorized);

    // Step 3, past the access tokens' life, the old key goes: its tokens are refused (and the app
    // refreshes them with its refresh token, which no key signs).
    expect(() => instance(next, null).verifyAccess(step1.signAccess(claims))).toThrow(unauthorized);

    // An expired token of the previous pair is still expired.
    const expired = createTokens(loadJwtKeys({ dataDir, jwt: { ...old, previousPublicKeyPem: null } }), -60);
    expect(() => step2.verifyAccess(expired.signAccess(claims))).toThrow(unauthorized);
  });
});
