import type { OperatorLoginRequest, OperatorRole } from '@wallx/shared';
import type { Db, Executor } from '../../platform/db/database.js';
import type { OperatorsRepository } from './repository.js';

/** The service's deps with the role an address has now, which every use case asks. */
export type OperatorAccess = OperatorsDeps & {
  fromConfig: ReadonlyMap<string, OperatorRole>;
  roleOf(address: string, executor?: Executor): Promise<OperatorRole | null>;
};

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
