import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app/app.js';
import { ConfigError, loadConfig } from './platform/config/config.js';
import { openChain, type ChainContext } from './platform/chain/context.js';
import { verifyChain } from './platform/chain/verify.js';
import { devAccount, LOCAL_ROLES } from './platform/chain/local-node.js';
import { openDatabase } from './platform/db/database.js';
import { migrateAsOwner } from './platform/db/migrate.js';
import { loadJwtKeys } from './modules/auth/keys.js';
import { seedDemoCatalog } from './app/seeds/demo-catalog.js';
import { seedDemoContent } from './app/seeds/demo-content.js';
import { seedDemoPickupPoints } from './app/seeds/demo-points.js';
import { seedDemoRewardsBudget } from './app/seeds/demo-rewards.js';
import { createMinersRepository } from './modules/miners/repository.js';
import { redactUrl, scrubber } from './platform/logging/logging.js';
import { announceServer, newAdminToken, withdrawServer } from './platform/running-server.js';
import { createDrain } from './platform/http/drain.js';
import { startTracing, stopTracing } from './platform/tracing/tracing.js';

const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));
const defaultAdminDist = fileURLToPath(new URL('../../admin/dist', import.meta.url));

/** Secrets a failed start must not print: the RPC URL, once the configuration is read. */
let secretUrls: string[] = [];

async function main() {
  const config = loadConfig();
  if (config.chain.kind !== 'local') secretUrls = [...config.chain.rpcUrls];
  // Connection strings carry passwords: a failed start quotes them scrubbed.
  secretUrls.push(...[config.databaseUrl, config.migrationDatabaseUrl].filter((url): url is string => url !== null));
  fs.mkdirSync(config.dataDir, { recursive: true });
  // Before the database opens: its queries are traced from the first (the Kysely instance is made traced or not).
  await startTracing(config.tracing);
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') },
  );
  const applied = await migrateAsOwner(database.db, config.migrationDatabaseUrl);
  const seeded = config.demoCatalog ? await seedDemoCatalog(database.db, createMinersRepository()) : 0;
  if (config.demoCatalog) await seedDemoPickupPoints(database.db);
  const content = config.demoCatalog ? await seedDemoContent(database.db) : null;
  const rewardsFunded = config.demoCatalog ? await seedDemoRewardsBudget(database.db) : '0';
  const chain = await openChain(config.chain, { dataDir: config.dataDir });
  try {
    await verifyChain(chain, database.db);
  } catch (error) {
    await chain.stop();
    await database.close();
    throw error;
  }
  // With the embedded database, the project's commands (ledger:check…) go through this server.
  const adminToken = config.databaseUrl ? null : newAdminToken();
  const drain = createDrain();
  const app = await buildApp({
    config: {
      ...config,
      webDistDir: config.webDistDir ?? defaultWebDist,
      adminDistDir: config.adminDistDir ?? defaultAdminDist,
    },
    db: database.db,
    keys: loadJwtKeys(config),
    ...(adminToken ? { adminToken } : {}),
    chain,
    runJobs: true,
    pool: database.pool,
    listen: database.listen,
    drain,
  });
  if (applied.length > 0) app.log.info({ applied }, 'migrations applied');
  if (seeded > 0) app.log.info({ products: seeded }, 'demo miner catalog seeded');
  if (content && Object.values(content).some((rows) => rows > 0)) app.log.info(content, 'demo content seeded');
  if (rewardsFunded !== '0') app.log.info({ wallx: rewardsFunded }, 'demo rewards budget funded');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    // Not ready from now on, while the listener still serves: a load balancer polling the ready
    // probe moves new requests to other instances before this one stops taking them. SIGTERM is how
    // orchestrators stop an instance; SIGINT (Ctrl-C at a terminal) does not wait.
    drain.start();
    const drainMs = signal === 'SIGTERM' ? config.shutdownDrainMs : 0;
    app.log.info({ signal, drainMs }, 'shutting down: not ready, draining');
    if (drainMs > 0) await new Promise((resolve) => setTimeout(resolve, drainMs));
    // Open streams close and requests in flight finish, then the jobs stop and give up their leases.
    await app.close();
    await chain.stop();
    await database.close();
    await stopTracing().catch(() => undefined);
    withdrawServer(config.dataDir);
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  // The project's commands find the running server here (the faucet on any database; the others
  // only on the embedded one, whose admin token this carries).
  const { port } = app.server.address() as { port: number };
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  announceServer(config.dataDir, `http://${host}:${port}`, adminToken);
  const where = config.databaseUrl ? 'PostgreSQL' : `embedded PGlite in ${path.join(config.dataDir, 'pglite')}`;
  app.log.info(
    `WALLX is running on http://${config.host}:${config.port} (database: ${where}; chain: ${chain.kind} ${chain.rpcUrls.map(redactUrl).join(', ')})`,
  );
  const signer = chain.hotWallet.kind === 'external' ? 'its external signer (SIGNER_URL)' : 'a key in this server';
  app.log.info(`Hot wallet ${chain.hotWallet.address}, signed by ${signer}`);
  if (chain.kind === 'local') printDevWallets(chain);
  // Nobody is an operator until configuration names one: the console says how, rather than guessing.
  console.log(
    config.operators.length > 0
      ? `Operator console: http://${host}:${port}/admin (${config.operators.length} operator(s) from OPERATORS)`
      : `Operator console: http://${host}:${port}/admin — no operator yet: restart with OPERATORS=<your wallet address>:admin (a dev wallet above will do) to sign in`,
  );
  // Changes of operators take two admins (decision 120): with one, what the console proposes waits.
  if (config.operators.filter((operator) => operator.role === 'admin').length === 1)
    console.log(
      'OPERATORS names one admin: operators proposed in the console wait for a second admin to approve; name two (address:admin,address:admin)',
    );
}

/** The local chain's test wallets, so a person can import one into a browser wallet and deposit. */
function printDevWallets(chain: ChainContext) {
  const lines = [
    `Local chain ${chain.rpcUrl} (chain id ${chain.chainId}) — test tokens USDT ${chain.tokens.USDT}, WALLX ${chain.tokens.WALLX}`,
    `Deposit address ${chain.depositAddress}; hot wallet ${chain.hotWallet.address}`,
    'Dev wallets with 1,000,000 test USDT and WALLX and 10,000 test BNB each (import a key into your wallet):',
  ];
  for (let i = 0; i < 5; i++) {
    const account = devAccount(LOCAL_ROLES.firstUser + i);
    const key = Buffer.from(account.getHdKey().privateKey!).toString('hex');
    lines.push(`  ${account.address}  0x${key}`);
  }
  console.log(lines.join('\n'));
}

main().catch((error: unknown) => {
  // A failure to reach the chain at start quotes RPC_URL: never print its key.
  const scrub = scrubber(secretUrls);
  console.error(
    scrub(
      error instanceof ConfigError
        ? error.message
        : error instanceof Error
          ? (error.stack ?? error.message)
          : String(error),
    ),
  );
  process.exit(1);
});
