import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { PrivateKeyAccount } from 'viem/accounts';
import { WALLET_ACTION_STATEMENTS } from '@wallx/shared';
import { runningServer } from '../platform/running-server.js';
import { newWallet, signInMessage } from './helpers.js';
import { startSource } from './run-source.js';

/**
 * Real server processes (`server.ts`, run from source as `startSource` does) for tests of what only
 * a deployment of several shows: an instance killed with -9, a connection cut under it.
 */

/** A database of its own on the PostgreSQL server of TEST_DATABASE_URL (the server processes migrate it); dropped after. */
export async function ownDatabase(prefix: string): Promise<{ url: string; name: string; drop: () => Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `${prefix}_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  const own = new URL(url);
  own.pathname = `/${name}`;
  return {
    url: own.href,
    name,
    drop: async () => {
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}

/** One statement on the database TEST_DATABASE_URL names (its owner's business: databases, backends). */
export async function adminQuery(text: string, values: unknown[] = []): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}

/** What instances of one deployment share: the database and the key pair that signs and checks tokens. */
export function deploymentEnv(databaseUrl: string, extra: Record<string, string> = {}): Record<string, string> {
  const { privateKey, publicKey } = crypto.generateKeyPairSync('ed25519');
  return {
    DATABASE_URL: databaseUrl,
    JWT_PRIVATE_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    JWT_PUBLIC_KEY: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    HOST: '127.0.0.1',
    // The kernel's choice: the instance announces it in its data dir (running-server.ts).
    PORT: '0',
    LOG_LEVEL: 'warn',
    DEMO_CATALOG: 'false',
    // Each instance its own local chain node; sign-in messages name the instance asked (whatever the shell says).
    CHAIN: 'local',
    PUBLIC_APP_URL: '',
    // Stopped at once: a test that wants the drain's window (the ready probe's 503) sets its own.
    SHUTDOWN_DRAIN_MS: '0',
    ...extra,
  };
}

export type Instance = {
  name: string;
  /** http://127.0.0.1:port, once `start` has answered. */
  base: string;
  /** The tail of its output, for a failure's message. */
  output: () => string;
  start: (timeoutMs: number) => Promise<void>;
  /** kill -9 of the instance and its local chain node (its process group): no shutdown hook runs. */
  kill: () => Promise<void>;
  /** SIGTERM, as a deployment stops it; its data dir goes. */
  stop: () => Promise<void>;
};

/** An instance of the server (its own local chain node and data dir), in a process group of its own. */
export function serverInstance(name: string, env: Record<string, string>): Instance {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `wallx-${name}-`));
  let log = '';
  let child: ReturnType<typeof startSource>['child'] | null = null;
  const isRunning = () => child !== null && child.exitCode === null && child.signalCode === null;
  const exited = () =>
    new Promise<void>((resolve) => {
      if (!isRunning()) return resolve();
      child!.once('close', () => resolve());
    });
  const instance: Instance = {
    name,
    base: '',
    output: () => log.slice(-4000),
    async start(timeoutMs) {
      const started = startSource(
        new URL('../server.ts', import.meta.url),
        [],
        { ...env, DATA_DIR: dataDir },
        {
          detached: true,
        },
      );
      child = started.child;
      const keep = (chunk: Buffer) => (log = (log + chunk.toString()).slice(-20_000));
      child.stdout?.on('data', keep);
      child.stderr?.on('data', keep);
      const giveUpAt = Date.now() + timeoutMs;
      for (;;) {
        if (!isRunning()) throw new Error(`${name} exited before it served:\n${instance.output()}`);
        const announced = runningServer(dataDir);
        if (announced && (await fetch(`${announced.url}/api/health`).catch(() => null))?.ok) {
          instance.base = announced.url;
          return;
        }
        if (Date.now() > giveUpAt) throw new Error(`${name} not serving after ${timeoutMs} ms:\n${instance.output()}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    async kill() {
      if (!isRunning()) return;
      const done = exited();
      process.kill(-child!.pid!, 'SIGKILL');
      await done;
    },
    async stop() {
      if (isRunning()) {
        const done = exited();
        child!.kill('SIGTERM');
        const stuck = setTimeout(() => void instance.kill(), 30_000);
        await done;
        clearTimeout(stuck);
      }
      // A chain node left behind by a kill, or by a server that did not stop it.
      try {
        if (child?.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // none left
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return instance;
}

type Envelope<T = unknown> = { code: number; message?: string; data: T };

/** A JSON request to an instance, as the app sends it; answers the envelope. */
export async function api<T = unknown>(
  base: string,
  route: `${'GET' | 'POST'} /${string}`,
  { body, auth, headers }: { body?: object; auth?: { authorization: string }; headers?: Record<string, string> } = {},
): Promise<Envelope<T>> {
  const [method, url] = route.split(' ') as ['GET' | 'POST', string];
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...auth, ...headers },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return (await response.json()) as Envelope<T>;
}

/** The wallet's signature of a sign-in message (or of an action's) for the instance at `base`. */
async function signed(base: string, account: PrivateKeyAccount, statement?: string) {
  const nonce = await api<{ nonce: string; chain_id: number; issued_at: string; expiration_time: string }>(
    base,
    'POST /api/web3/nonce',
  );
  const message = signInMessage({
    address: account.address,
    nonce: nonce.data.nonce,
    chainId: nonce.data.chain_id,
    issuedAt: nonce.data.issued_at,
    expirationTime: nonce.data.expiration_time,
    origin: base,
    ...(statement ? { statement } : {}),
  });
  return { message, signature: await account.signMessage({ message }) };
}

export type RemoteSession = { address: string; auth: { authorization: string } };

/** A fresh wallet signed in at `base` (and its first fund password set, when given). */
export async function signUp(base: string, fundPassword?: string): Promise<RemoteSession> {
  const account = newWallet();
  const login = await api<{ token: { access_token: string }; userinfo: { bsc: string } }>(
    base,
    'POST /api/web3/verify',
    { body: { address: account.address, ...(await signed(base, account)) } },
  );
  if (login.code !== 0) throw new Error(`login failed: ${JSON.stringify(login)}`);
  const session = {
    address: login.data.userinfo.bsc,
    auth: { authorization: `Bearer ${login.data.token.access_token}` },
  };
  if (fundPassword !== undefined) {
    const set = await api(base, 'POST /api/user/fund_password', {
      auth: session.auth,
      body: {
        password: fundPassword,
        confirm: fundPassword,
        ...(await signed(base, account, WALLET_ACTION_STATEMENTS.set_fund_password)),
      },
    });
    if (set.code !== 0) throw new Error(`fund password not set: ${JSON.stringify(set)}`);
  }
  return session;
}
