// What the deposit benches (`chain`, `deposit-scan`) take from the built server, and the deposits
// service composed as modules/deposits/module.ts composes it: one place to follow when the service
// gains a dependency. Typed as the server's source, so the scripts' typecheck sees such a change.
import path from 'node:path';
import { root } from './lib.mjs';

const dist = (/** @type {string} */ p) => path.join(root, 'apps/server/dist', p);

export async function loadDepositsServer() {
  const { openDatabase } = /** @type {typeof import('../apps/server/src/platform/db/database.js')} */ (
    await import(dist('platform/db/database.js'))
  );
  const { migrate } = /** @type {typeof import('../apps/server/src/platform/db/migrate.js')} */ (
    await import(dist('platform/db/migrate.js'))
  );
  const { loadConfig } = /** @type {typeof import('../apps/server/src/platform/config/config.js')} */ (
    await import(dist('platform/config/config.js'))
  );
  const { openChain } = /** @type {typeof import('../apps/server/src/platform/chain/context.js')} */ (
    await import(dist('platform/chain/context.js'))
  );
  const { devAccount, LOCAL_ROLES } = /** @type {typeof import('../apps/server/src/platform/chain/local-node.js')} */ (
    await import(dist('platform/chain/local-node.js'))
  );
  const { createDeposits } = /** @type {typeof import('../apps/server/src/modules/deposits/service.js')} */ (
    await import(dist('modules/deposits/service.js'))
  );
  const { createDepositRepository } =
    /** @type {typeof import('../apps/server/src/modules/deposits/repository.js')} */ (
      await import(dist('modules/deposits/repository.js'))
    );
  const { createLedger } = /** @type {typeof import('../apps/server/src/kernel/ledger/ledger.js')} */ (
    await import(dist('kernel/ledger/ledger.js'))
  );
  const { createUserRepository } = /** @type {typeof import('../apps/server/src/kernel/users/repository.js')} */ (
    await import(dist('kernel/users/repository.js'))
  );
  const { createUserEvents } = /** @type {typeof import('../apps/server/src/kernel/user-events/user-events.js')} */ (
    await import(dist('kernel/user-events/user-events.js'))
  );

  /** @typedef {Parameters<typeof createDeposits>[0]} DepositsDeps */
  /**
   * The service with the server's own parts; each credit tells its user in its own transaction (issue 35).
   * @param {DepositsDeps['db']} db
   * @param {DepositsDeps['chain']} chain
   */
  const depositsService = (db, chain) =>
    createDeposits({
      db,
      chain,
      ledger: createLedger(),
      users: createUserRepository(),
      repository: createDepositRepository(),
      events: createUserEvents(),
      instanceId: `bench:${process.pid}`,
      maxUnresolvedReports: 10,
    });

  return { openDatabase, migrate, loadConfig, openChain, devAccount, LOCAL_ROLES, depositsService };
}
