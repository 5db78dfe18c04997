import type { ChainContext } from '../../platform/chain/context.js';
import type { Db } from '../../platform/db/database.js';
import { listMigrations } from '../../platform/db/migrate.js';
import type { Drain } from '../../platform/http/drain.js';
import { appliedCount, ping } from './repository.js';

export type ReadinessChecks = {
  database: 'ok' | 'unreachable';
  /** `behind`: a migration of this build is not applied (one newer than it, by a newer instance, is fine). */
  migrations: 'ok' | 'behind' | 'unknown';
  /** `below_quorum`: fewer healthy RPC nodes than RPC_QUORUM; `none`: an app without a chain (tests). */
  chain: 'ok' | 'below_quorum' | 'none';
  draining: boolean;
};

/**
 * What the ready probe checks (issue 51): the database answers, this build's migrations are all
 * applied, at least a quorum of the chain's nodes is healthy (else no deposit or payout is decided:
 * rpc-nodes.ts), and the instance is not draining.
 */
export function createReadiness({ db, chain, drain }: { db: Db; chain: ChainContext | undefined; drain: Drain }) {
  // The build's migrations are known at start; reading their files on every probe would be waste.
  const names = listMigrations().map((migration) => migration.name);
  const database = async (): Promise<Pick<ReadinessChecks, 'database' | 'migrations'>> => {
    try {
      await ping(db);
    } catch {
      return { database: 'unreachable', migrations: 'unknown' };
    }
    const applied = await appliedCount(db, names).catch(() => -1);
    return { database: 'ok', migrations: applied === names.length ? 'ok' : applied < 0 ? 'unknown' : 'behind' };
  };
  const nodes = async (): Promise<ReadinessChecks['chain']> => {
    if (!chain) return 'none';
    const states = await chain.rpc.states().catch(() => []);
    return states.filter((node) => node.isHealthy).length >= chain.rpc.quorumSize ? 'ok' : 'below_quorum';
  };
  return {
    async check(): Promise<{ isReady: boolean; checks: ReadinessChecks }> {
      const [stored, chainState] = await Promise.all([database(), nodes()]);
      const checks: ReadinessChecks = { ...stored, chain: chainState, draining: drain.isDraining() };
      const isReady =
        checks.database === 'ok' && checks.migrations === 'ok' && checks.chain !== 'below_quorum' && !checks.draining;
      return { isReady, checks };
    },
  };
}
