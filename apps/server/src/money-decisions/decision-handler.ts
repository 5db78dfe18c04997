import type { Trx } from '../db/database.js';

/**
 * A money decision of the deposits or the withdrawals module as the proposals module carries it out
 * once a second operator approves it (its ProposalHandler). Both modules hand one in, so the type
 * lives outside the modules, as modules import no other module. `check` locks
 * the subject and refuses it unless it may be decided so, answering the user it concerns; `precheck`
 * asks the chain first; `execute` makes the decision, audited, in the approval's transaction.
 */
export type DecisionHandler = {
  subjectType: 'withdrawal' | 'unattributed_deposit';
  check(trx: Trx, subjectId: string, detail: { user?: string }): Promise<{ userId: string }>;
  precheck?(subjectId: string): Promise<void>;
  execute(
    trx: Trx,
    operator: string,
    proposal: { id: string; subject_id: string; reason: string; proposed_by: string; detail: { user?: string } },
  ): Promise<void>;
};
