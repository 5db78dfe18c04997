import { proposalCapabilities, roleCan } from '@wallx/shared';
import { lastGrantAt, relatedWallets } from '../../kernel/audit/operator-grants.js';
import { refuseOwnUser, walletsOf } from '../../kernel/audit/own-account.js';
import type { Executor, Trx } from '../../platform/db/database.js';
import { AppError } from '../../platform/errors/app-error.js';
import type { DecisionParties } from '../../kernel/money-decisions/decision-handler.js';
import type { ProposalRow } from './repository.js';
import type { ProposalsDeps } from './deps.js';

const HOUR_MS = 3_600_000;

/** The second pair of eyes: who may approve a proposal, by who they are and by what it is about. */
export function approverChecks({ operators, cooldownMs, now = Date.now }: ProposalsDeps) {
  /**
   * Whether this operator may approve this proposal, whoever it is about: not their own or their other
   * wallet's, not while cooling down, not across a grant, and only while the proposer still may.
   */
  async function refuseApprover(executor: Executor, approver: string, row: ProposalRow): Promise<void> {
    if ((await walletsOf(executor, approver)).includes(row.proposed_by))
      throw new AppError('proposal_own', { field: 'id' });
    if (!operators.isConfigured(approver)) {
      const since = await lastGrantAt(executor, approver);
      const left = since ? since.getTime() + cooldownMs - now() : 0;
      if (left > 0)
        throw new AppError('operator_cooling_down', {
          field: 'id',
          params: { hours: Math.ceil(left / HOUR_MS) },
          data: { until: new Date(now() + left).toISOString() },
        });
    }
    const { granters, grantees } = await relatedWallets(executor, approver);
    if (granters.includes(row.proposed_by) || grantees.includes(row.proposed_by))
      throw new AppError('proposal_related', { field: 'id' });
    const proposerRole = await operators.roleOf(row.proposed_by, executor);
    if (!proposerRole || !roleCan(proposerRole, proposalCapabilities[row.kind]))
      throw new AppError('proposal_proposer_inactive', { field: 'id' });
  }

  /**
   * Nobody approves a decision on their own account, nor one about their own access or one naming
   * them (a wallet recorded as theirs), nor one about or naming an operator who gave them theirs.
   */
  async function refuseAbout(trx: Trx, approver: string, parties: DecisionParties): Promise<void> {
    if (parties.userId) await refuseOwnUser(trx, approver, parties.userId, 'id');
    const about = [parties.operator, ...(parties.named ?? [])].filter((a): a is string => a !== undefined);
    if (about.length === 0) return;
    const mine = await walletsOf(trx, approver);
    const { granters } = await relatedWallets(trx, approver);
    if (about.some((address) => mine.includes(address) || granters.includes(address)))
      throw new AppError('proposal_about_own', { field: 'id' });
  }

  return { refuseApprover, refuseAbout };
}
