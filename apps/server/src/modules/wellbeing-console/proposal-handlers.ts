import { z } from 'zod';
import { checkinSettingsUpdateSchema, checkinSettingsValuesSchema, decimalString } from '@wallx/shared';
import { recordAudit } from '../../kernel/audit/audit.js';
import type { DecisionHandler } from '../../kernel/money-decisions/decision-handler.js';
import { settingsProposalHandler } from '../../kernel/money-decisions/settings-proposal.js';
import type { Rewards } from '../../kernel/rewards/rewards.js';

const fundingSchema = z.object({ amount: decimalString });

/**
 * A change of the check-in rewards and prizes (`checkin_settings.update`), as the fees and limits are
 * changed (decision 118): the whole set, made on the version read (an older one is refused,
 * checkin_settings_stale); approved by another operator, it is saved as the next version only if
 * nothing was saved since, audited with its proposer and approver.
 */
const checkinSettingsHandler = (rewards: Rewards): DecisionHandler =>
  settingsProposalHandler({
    name: 'checkin_settings',
    lockKey: 7411047,
    read: (trx) => rewards.settings(trx),
    values: checkinSettingsValuesSchema,
    update: checkinSettingsUpdateSchema,
    stale: 'checkin_settings_stale',
  });

/**
 * Adding to the rewards budget (`rewards.fund`): the platform puts WALLX aside for rewards, a posting
 * from `rewards_funding` to `rewards` once another operator approves, in the approval's transaction.
 */
function rewardsFundHandler(rewards: Rewards): DecisionHandler {
  return {
    subjectType: 'rewards_budget',
    async prepare(_trx, _proposer, _subjectId, detail) {
      const { amount } = fundingSchema.parse(detail);
      return { detail: { amount }, parties: {} };
    },
    async check(_trx, _subjectId, detail) {
      fundingSchema.parse(detail);
      return {};
    },
    async execute(trx, approver, proposal) {
      const { amount } = fundingSchema.parse(proposal.detail);
      const { transactionId } = await rewards.fund(trx, amount, { type: 'proposal', id: proposal.id });
      await recordAudit(trx, {
        operator: approver,
        action: 'rewards.fund',
        subjectType: 'rewards_budget',
        subjectId: proposal.subject_id,
        detail: {
          amount,
          reason: proposal.reason,
          balance: await rewards.balance(trx),
          transaction: transactionId,
          proposal: proposal.id,
          proposed_by: proposal.proposed_by,
        },
      });
    },
  };
}

export const wellbeingProposalHandlers = (rewards: Rewards) => ({
  'checkin_settings.update': checkinSettingsHandler(rewards),
  'rewards.fund': rewardsFundHandler(rewards),
});
