import crypto, { type KeyObject } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../../platform/config/config.js';

/** `previousPublicKey`: a rotation's other key, whose tokens are accepted but never signed. */
export type JwtKeys = { privateKey: KeyObject; publicKey: KeyObject; previousPublicKey?: KeyObject };

/**
 * Ed25519 keys that sign access tokens. From the configuration when given; otherwise generated once
 * and kept in the data dir, so a restart keeps everyone's session valid.
 */
export function loadJwtKeys(config: Pick<Config, 'jwt' | 'dataDir'>): JwtKeys {
  if (config.jwt.privateKeyPem && config.jwt.publicKeyPem) {
    return {
      privateKey: crypto.createPrivateKey(config.jwt.privateKeyPem),
      publicKey: crypto.createPublicKey(config.jwt.publicKeyPem),
      ...(config.jwt.previousPublicKeyPem
        ? { previousPublicKey: crypto.createPublicKey(config.jwt.previousPublicKeyPem) }
        : {}),
    };
  }
  const file = path.join(config.dataDir, 'jwt-keys.json');
  if (fs.existsSync(file)) {
    const stored = JSON.parse(fs.readFileSync(file, 'utf8')) as { privateKey: string; publicKey: string };
    return {
      privateKey: crypto.createPrivateKey(stored.privateKey),
      publicKey: crypto.createPublicKey(stored.publicKey),
    };
  }
  const { privateKey, publicKey } = crypto.generateKeyPairSync('ed25519');
  fs.mkdirSync(config.dataDir, { recursive: true });
  const pem = {
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
  fs.writeFileSync(file, JSON.stringify(pem, null, 2), { mode: 0o600 });
  return { privateKey, publicKey };
}

export function generateJwtKeys(): JwtKeys {
  return crypto.generateKeyPairSync('ed25519');
}
