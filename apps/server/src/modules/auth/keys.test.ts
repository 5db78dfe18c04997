import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadJwtKeys } from './keys.js';
import { createTokens } from './tokens.js';

describe('JWT keys', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallx-keys-'));
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  const config = () => ({ jwt: { privateKeyPem: null, publicKeyPem: null }, dataDir: path.join(dataDir, 'data') });
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
    expect(createTokens(afterRestart, 900).verifyAccess(token)).toEqual({ userId: '42', sessionId: 'session-1' });

    // A different data dir gets keys of its own, under which the token is worthless.
    const elsewhere = loadJwtKeys({ ...config(), dataDir: path.join(dataDir, 'other') });
    expect(() => createTokens(elsewhere, 900).verifyAccess(token)).toThrow(
      expect.objectContaining({ key: 'unauthorized' }),
    );
  });
});
