import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { getAddress } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';
import {
  LOGIN_STATEMENT,
  OPERATOR_CONSOLE_PATH,
  OPERATOR_LOGIN_STATEMENT,
  WALLET_ACTION_STATEMENTS,
} from '@wallx/shared';

export const root = fileURLToPath(new URL('..', import.meta.url));
export const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const seconds = Number(process.env.BENCH_SECONDS ?? 10);

export const sleep = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The nearest-rank percentile: the smallest value with at least `p` % of the values at or below it
 * (p50 of 1..10 is 5, p99 of 100 values the 99th). NaN for no values. Every bench reports by this one.
 * @param {number[]} values in any order
 * @param {number} p 0 to 100
 */
export function percentile(values, p) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return /** @type {number} */ (
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]
  );
}

/**
 * Spawns node; resolves once its output matches readyPattern (null: at once, the caller polls health).
 * @returns {Promise<import('node:child_process').ChildProcess & { output?: string }>}
 */
export function startProcess(args, env, readyPattern) {
  // BENCH_NODE_ARGS: node flags for every process a bench starts (`--cpu-prof --cpu-prof-dir=…` to
  // see where a server's time goes; NODE_OPTIONS refuses --cpu-prof).
  const flags = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  /** @type {import('node:child_process').ChildProcessByStdio<null, import('node:stream').Readable, import('node:stream').Readable> & { output?: string }} */
  const child = spawn(process.execPath, [...flags, ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    if (!readyPattern) resolve(child);
    const onData = (chunk) => {
      output += chunk;
      child.output = output;
      if (readyPattern?.test(output)) resolve(child);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`process exited (${code}) before ready:\n${output}`)));
  });
}

export async function stop(child) {
  child.removeAllListeners('exit');
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

export async function waitForHealth(url, seconds = 20) {
  for (let i = 0; i < seconds * 5; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} never became healthy`);
}

/**
 * The builds a benchmark runs: the server's always; the web app's only for those that load its pages
 * (bundle, lighthouse) — a server-only bench (companion, ledger, …) runs after `npm run build -w @wallx/server`.
 */
export function ensureBuilt({ web = false } = {}) {
  if (!fs.existsSync(path.join(root, 'apps/server/dist/server.js')))
    throw new Error('Build the server first: npm run build -w @wallx/server (or npm run build)');
  if (web && !fs.existsSync(path.join(root, 'apps/web/dist/index.html')))
    throw new Error('This benchmark loads the web app: build it first (npm run build)');
}

export function cannon(url, headers, options = {}) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: 32, duration: seconds, headers, ...options }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

/** A fresh database on the benchmark PostgreSQL; drop() removes it. */
export async function freshDatabase(prefix) {
  const name = `${prefix}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    name,
    async drop() {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/**
 * A login's body: a nonce from the server at `baseUrl`, and the wallet's signature of the sign-in
 * message (EIP-4361) for `origin` — the server's own unless instances share a PUBLIC_APP_URL.
 */
export async function signInBody(baseUrl, account, origin = baseUrl, statement = LOGIN_STATEMENT, path = '') {
  const nonce = await fetch(`${baseUrl}/api/web3/nonce`, { method: 'POST' }).then((r) => r.json());
  if (nonce.code !== 0) throw new Error(`no nonce: ${JSON.stringify(nonce)}`);
  const site = new URL(origin);
  const message = createSiweMessage({
    domain: site.host,
    address: getAddress(account.address),
    statement,
    uri: `${site.origin}${path}`,
    version: '1',
    chainId: nonce.data.chain_id,
    nonce: nonce.data.nonce,
    issuedAt: new Date(nonce.data.issued_at),
    expirationTime: new Date(nonce.data.expiration_time),
  });
  return { address: account.address, message, signature: await account.signMessage({ message }) };
}

/** A console sign-in's body: the operator's EIP-4361 signature for the site's /admin, with the console's statement. */
export function consoleSignInBody(baseUrl, account, origin = baseUrl) {
  return signInBody(baseUrl, account, origin, OPERATOR_LOGIN_STATEMENT, OPERATOR_CONSOLE_PATH);
}

/** The first fund password's body: the password, and the wallet's signature of the set (EIP-4361, as a sign-in). */
export async function fundPasswordBody(baseUrl, account, password, origin = baseUrl) {
  const { message, signature } = await signInBody(baseUrl, account, origin, WALLET_ACTION_STATEMENTS.set_fund_password);
  return { password, confirm: password, message, signature };
}

/**
 * Logs a wallet in (a new one unless given) and answers its address, bearer header and the login
 * answer itself (`session`: what the app keeps in localStorage).
 */
export async function loginNewWallet(baseUrl, account = privateKeyToAccount(generatePrivateKey())) {
  const login = await fetch(`${baseUrl}/api/web3/verify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(await signInBody(baseUrl, account)),
  }).then((r) => r.json());
  if (login.code !== 0) throw new Error(`login failed: ${JSON.stringify(login)}`);
  return {
    account,
    address: account.address.toLowerCase(),
    authorization: `Bearer ${login.data.token.access_token}`,
    session: login.data,
  };
}
