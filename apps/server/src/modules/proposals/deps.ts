import type { OperatorRole, ProposalKind } from '@wallx/shared';
import type { Db, Executor } from '../../platform/db/database.js';
import type { DecisionHandler } from '../../kernel/money-decisions/decision-handler.js';
import type { ProposalsRepository } from './repository.js';

export type ProposalsDeps = {
  db: Db;
  repository: ProposalsRepository;
  /** The kinds this app decides (the money ones only with a chain). */
  handlers: Partial<Record<ProposalKind, ProposalHandler>>;
  operators: ProposalOperators;
  /** How long an operator newly given access approves nothing (OPERATOR_COOLDOWN, decision 119). */
  cooldownMs: number;
  now?: () => number;
};

/** What a kind of proposal decides, handed in by the module that owns its subject (app.ts wires it). */
export type ProposalHandler = DecisionHandler;

/** What the proposals module asks of the operators module: who is an operator now, and who by configuration. */
export type ProposalOperators = {
  roleOf(address: string, executor: Executor): Promise<OperatorRole | null>;
  isConfigured(address: string): boolean;
};
