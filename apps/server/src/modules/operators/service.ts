import type { AuditEntry, OperatorLoginRequest, OperatorRole, Page } from '@wallx/shared';
import type { Db, Executor } from '../../platform/db/database.js';
import { pageById, type PageQuery } from '../../platform/pagination/page.js';
import type { AuditFilter, OperatorsRepository } from './repository.js';
import { createRoster } from './roster.js';
import { createSessions } from './sessions.js';

export type OperatorsDeps = {
  db: Db;
  operators: OperatorsRepository;
  /** Operators named by configuration: they need no row, and no row can demote them. */
  configured: readonly { address: string; role: OperatorRole }[];
  /**
   * Checks a console sign-in message (EIP-4361 for this site and the console's URI, a nonce of ours,
   * signed by the address) and spends its nonce; throws why not. The auth module's, handed in by app.ts.
   */
  confirmSignIn: (input: Required<OperatorLoginRequest>, requestOrigin: string) => Promise<void>;
  /** How long an operator newly given access approves nothing (OPERATOR_COOLDOWN, decision 119). */
  cooldownMs: number;
  now?: () => number;
};

/** The service's deps with the role an address has now, which every use case asks. */
export type OperatorAccess = OperatorsDeps & {
  fromConfig: ReadonlyMap<string, OperatorRole>;
  roleOf(address: string, executor?: Executor): Promise<OperatorRole | null>;
};

export function createOperatorsService(deps: OperatorsDeps) {
  const { db, operators, configured } = deps;
  const fromConfig = new Map(configured.map((operator) => [operator.address, operator.role]));

  /** The operator's role now: configuration first, else an enabled row; null when not an operator. */
  async function roleOf(address: string, executor: Executor = db): Promise<OperatorRole | null> {
    return fromConfig.get(address) ?? (await operators.roleOf(executor, address));
  }

  const access: OperatorAccess = { ...deps, fromConfig, roleOf };
  return {
    ...createRoster(access),
    roleOf,
    isConfigured: (address: string) => fromConfig.has(address),
    ...createSessions(access),

    audit(query: PageQuery & AuditFilter): Promise<Page<AuditEntry>> {
      return pageById(query, (range) => operators.audit(db, query, range));
    },
  };
}
export type OperatorsService = ReturnType<typeof createOperatorsService>;
