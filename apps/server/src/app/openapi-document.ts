import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import { buildApp } from './app.js';
import type { ChainContext } from '../platform/chain/context.js';
import { openRpcNodes } from '../platform/chain/rpc-nodes.js';
import { keySigner } from '../platform/chain/hot-wallet-signer.js';
import { loadConfig } from '../platform/config/config.js';
import { openDatabase } from '../platform/db/database.js';
import { generateJwtKeys } from '../modules/auth/keys.js';

/**
 * The server's OpenAPI document, as GET /api/openapi.json answers it, without a server, a chain or a
 * database server: `npm run lint` checks it (scripts/openapi-lint.mjs) and a test generates a client
 * from it (test/openapi). The app is built with every route a deployment has: on an empty in-memory
 * database (building reads nothing) and with a chain that is never called (no job runs; the deposit
 * and withdrawal routes exist only with a chain).
 */
export async function openApiDocument(): Promise<Record<string, unknown>> {
  const config = loadConfig({});
  const database = await openDatabase({ kind: 'pglite', dataDir: null });
  const unreachable = 'http://127.0.0.1:9';
  const marks = { low: 0n, target: 1n, high: 2n };
  const rpc = openRpcNodes([unreachable], { maxLagBlocks: 5, refreshMs: 60_000 });
  const chain: ChainContext = {
    kind: 'local',
    chainId: foundry.id,
    rpcUrl: unreachable,
    rpcUrls: [unreachable],
    publicRpcUrl: unreachable,
    explorerUrl: null,
    tokens: { USDT: `0x${'01'.repeat(20)}`, WALLX: `0x${'02'.repeat(20)}` },
    decimals: 18,
    depositAddress: `0x${'03'.repeat(20)}`,
    depositFactory: { address: `0x${'04'.repeat(20)}`, implementation: `0x${'05'.repeat(20)}` },
    hotWallet: keySigner(privateKeyToAccount(generatePrivateKey())),
    coldWallet: `0x${'06'.repeat(20)}`,
    treasury: { sweepMin: { USDT: 1n, WALLX: 1n }, hot: { USDT: marks, WALLX: marks } },
    confirmations: 1,
    scanBlockRange: 1,
    scanIntervalMs: 60_000,
    withdraw: config.chain.withdraw,
    client: rpc.client,
    rpc,
    stop: async () => {},
  };
  const app = await buildApp({
    config: { ...config, logLevel: 'silent', webDistDir: null },
    db: database.db,
    keys: generateJwtKeys(),
    chain,
  });
  try {
    await app.ready();
    return app.swagger() as unknown as Record<string, unknown>;
  } finally {
    await app.close();
    await database.close();
  }
}
