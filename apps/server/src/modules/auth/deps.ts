import type { Db, Trx } from '../../platform/db/database.js';
import type { UserRepository } from '../../kernel/users/repository.js';
import type { AuthRepository } from './repository.js';
import type { Tokens } from './tokens.js';

export type AuthDeps = {
  db: Db;
  users: UserRepository;
  team: TeamJoin;
  auth: AuthRepository;
  tokens: Tokens;
  refreshTtlSeconds: number;
  /** The chain the sign-in message must name. */
  chainId: number;
  /** The origin the app is served from; empty: the origin the request came to. */
  publicAppUrl: string;
  now?: () => number;
  /** Told the error code of each refused sign-in (the metrics' login failures). */
  onLoginFailure?: (reason: string) => void;
};

/** Where a login comes from, as /settings shows it: the user agent and a coarse network. */
export type LoginClient = { userAgent: string | null; network: string | null };

export type LoginInput = { address: string; signature: string; message: string; referee?: string | null | undefined };

/**
 * What a first login needs of the team module: app.ts hands in the team service.
 * Declared here rather than imported, as modules import no other module but the ledger.
 */
export type TeamJoin = {
  acceptsInvitee(trx: Trx, inviterId: string): Promise<boolean>;
  join(trx: Trx, userId: string, inviterId: string | null): Promise<void>;
};
