import type { AuditEntry, OperatorRole, Page } from '@wallx/shared';
import type { Executor } from '../../platform/db/database.js';
import { pageById, type PageQuery } from '../../platform/pagination/page.js';
import type { AuditFilter } from './repository.js';
import { createRoster } from './roster.js';
import { createSessions } from './sessions.js';
import type { OperatorAccess, OperatorsDeps } from './deps.js';
export type { OperatorAccess, OperatorsDeps } from './deps.js';

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
