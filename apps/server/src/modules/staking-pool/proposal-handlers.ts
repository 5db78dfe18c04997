import { z } from 'zod';
import { decimalString, stakingSettingsUpdateSchema, stakingSettingsValuesSchema } from '@wallx/shared';
import { recordAudit } from '../../kernel/audit/audit.js';
import type { Ledger } from '../../kernel/ledger/ledger.js';
import type { DecisionHandler } from '../../kernel/money-decisions/decision-handler.js';
import { settingsProposalHandler } from '../../kernel/money-decisions/settings-proposal.js';
import type { StakingSettingsStore } from '../../kernel/staking-settings/staking-settings.js';
import type { StakingPoolRepository } from './repository.js';

const fundingSchema = z.object({ amount: decimalString });

/**
 * A change of the pool's rules (`staking_settings.update`), as the reward rules are changed: the whole
 * set, made on the version read (an older one is refused, staking_settings_stale); approved by
 * another operator, it is saved as the next version only if nothing was saved since, audited with its
 * proposer and approver. The next distribution reads it in its own transaction.
 */
const stakingSettingsHandler = (settings: StakingSettingsStore): DecisionHandler =>
  settingsProposalHandler({
    name: 'staking_settings',
    lockKey: 7411049,
    read: (trx) => settings.read(trx),
    values: stakingSettingsValuesSchema,
    update: stakingSettingsUpdateSchema,
    stale: 'staking_settings_stale',
  });

/**
 * Adding to the pool (`staking.fund`): WALLX the platform sets aside for stakers, a posting from
 * `staking_funding` to `staking_pool` once another operator approves, in the approval's
 * transaction. It is shared out with the next distribution, as the fees' share is.
 */
function stakingFundHandler(ledger: Ledger, repository: StakingPoolRepository): DecisionHandler {
  return {
    subjectType: 'staking_budget',
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
      const { transactionId } = await ledger.post(trx, {
        debit: { platform: 'staking_funding' },
        credit: { platform: 'staking_pool' },
        asset: 'WALLX',
        amount,
        type: 'staking_funding',
        ref: { type: 'proposal', id: proposal.id },
      });
      await recordAudit(trx, {
        operator: approver,
        action: 'staking.fund',
        subjectType: 'staking_budget',
        subjectId: proposal.subject_id,
        detail: {
          amount,
          reason: proposal.reason,
          pool: (await repository.poolBalances(trx)).WALLX,
          transaction: transactionId,
          proposal: proposal.id,
          proposed_by: proposal.proposed_by,
        },
      });
    },
  };
}

export const stakingProposalHandlers = (
  settings: StakingSettingsStore,
  ledger: Ledger,
  repository: StakingPoolRepository,
) => ({
  'staking_settings.update': stakingSettingsHandler(settings),
  'staking.fund': stakingFundHandler(ledger, repository),
});
