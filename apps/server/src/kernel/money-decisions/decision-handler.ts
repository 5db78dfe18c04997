import type { Proposal, ProposalKind, ProposalSubjectType } from '@wallx/shared';
import type { Trx } from '../../platform/db/database.js';

/** What a proposal keeps beside its subject: the user a deposit goes to, an operator change, a set of fees and limits. */
export type ProposalDetail = { user?: string; [key: string]: unknown };

/**
 * Whom a decision concerns, for the rules on who may propose and approve it: the user whose account it
 * touches (never the operator's own, decision 79); the operator whose access it changes, and any other
 * operator it names (the person a new wallet belongs to), never the approver's own nor their granter's
 * (decision 118).
 */
export type DecisionParties = { userId?: string; operator?: string; named?: readonly string[] };

/**
 * A decision a module hands the proposals module, which carries it out once a second operator
 * approves it (its ProposalHandler): the withdrawals' and deposits' money decisions, the operators'
 * changes of access, the fees and limits. The type lives outside the modules, as modules import no
 * other module. `prepare` checks a new proposal and answers what to keep of it (a snapshot of what it
 * changes; without it, `check` is run and the detail kept as given); `check` locks the subject and
 * refuses it unless it may be decided so now; `precheck` asks the chain first; `execute` makes the
 * decision, audited, in the approval's transaction.
 */
export type DecisionHandler = {
  subjectType: ProposalSubjectType;
  prepare?(
    trx: Trx,
    proposer: string,
    subjectId: string,
    detail: ProposalDetail,
  ): Promise<{ detail: ProposalDetail; parties: DecisionParties }>;
  check(trx: Trx, subjectId: string, detail: ProposalDetail): Promise<DecisionParties>;
  precheck?(subjectId: string): Promise<void>;
  execute(
    trx: Trx,
    operator: string,
    proposal: {
      id: string;
      kind: ProposalKind;
      subject_id: string;
      reason: string;
      proposed_by: string;
      detail: ProposalDetail;
    },
  ): Promise<void>;
};

/**
 * Opens a proposal of a kind the proposals module decides (its `propose`), for the modules whose
 * changes are proposals: operators, and the fees and limits. It answers the proposal as listed.
 */
export type Propose = (
  operator: string,
  input: { kind: ProposalKind; subjectId: string; reason: string; detail: ProposalDetail },
) => Promise<Proposal>;
