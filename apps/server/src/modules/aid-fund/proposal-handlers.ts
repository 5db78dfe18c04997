import { z } from 'zod';
import { assetSchema, compare, decimalString, idString } from '@wallx/shared';
import { recordAudit } from '../../kernel/audit/audit.js';
import type { DecisionHandler } from '../../kernel/money-decisions/decision-handler.js';
import type { Trx } from '../../platform/db/database.js';
import { AppError } from '../../platform/errors/app-error.js';
import type { GrantPayoutQueue } from './deps.js';
import type { AidFundRepository } from './repository.js';

/** What a grant proposal keeps: the partner and the address it had when proposed, and what is paid. */
const grantDetailSchema = z.object({
  partner_id: idString,
  partner: z.string(),
  address: z.string(),
  asset: assetSchema,
  amount: decimalString,
  proposed_at: z.string(),
});
export type GrantDetail = z.infer<typeof grantDetailSchema>;

/**
 * Paying a grant from the aid fund (`aid_grant.pay`, decision 147): one finance operator proposes it
 * for a partner, another approves it (the proposals module enforces who). On approval, in its
 * transaction, the partner must still be active with the same address, the fund must hold the amount
 * (its account locked first), and then the grant is written and its payout queued for the payout
 * worker, the amount leaving `aid_fund`.
 */
export function aidGrantHandler(repository: AidFundRepository, payouts: GrantPayoutQueue): DecisionHandler {
  async function covered(trx: Trx, asset: GrantDetail['asset'], amount: string, lock: boolean): Promise<void> {
    const balance = lock ? await repository.lockBalance(trx, asset) : await repository.balance(trx, asset);
    if (compare(balance, amount) < 0)
      throw new AppError('aid_fund_insufficient', { field: 'amount', data: { balance } });
  }
  async function partnerAsProposed(trx: Trx, detail: GrantDetail): Promise<void> {
    const partner = await repository.lockPartner(trx, detail.partner_id);
    if (!partner) throw new AppError('aid_partner_not_found', { field: 'partner_id' });
    if (!partner.active) throw new AppError('aid_partner_inactive', { field: 'partner_id' });
    // The approver approves the address shown to them: a partner edited since is proposed anew.
    if (partner.address !== detail.address) throw new AppError('proposal_subject_changed', { field: 'id' });
  }

  return {
    subjectType: 'aid_grant',
    async prepare(trx, _proposer, _subjectId, input) {
      const detail = grantDetailSchema.omit({ partner: true, address: true, proposed_at: true }).parse(input);
      const partner = await repository.lockPartner(trx, detail.partner_id);
      if (!partner) throw new AppError('aid_partner_not_found', { field: 'partner_id' });
      if (!partner.active) throw new AppError('aid_partner_inactive', { field: 'partner_id' });
      await covered(trx, detail.asset, detail.amount, false);
      return {
        detail: { ...detail, partner: partner.name, address: partner.address, proposed_at: new Date().toISOString() },
        parties: {},
      };
    },
    async check(trx, _subjectId, input) {
      const detail = grantDetailSchema.parse(input);
      await partnerAsProposed(trx, detail);
      await covered(trx, detail.asset, detail.amount, true);
      return {};
    },
    async execute(trx, approver, proposal) {
      const detail = grantDetailSchema.parse(proposal.detail);
      await partnerAsProposed(trx, detail);
      await covered(trx, detail.asset, detail.amount, true);
      await repository.insertGrant(trx, {
        id: proposal.subject_id,
        partnerId: detail.partner_id,
        asset: detail.asset,
        amount: detail.amount,
        toAddress: detail.address,
        proposalId: proposal.id,
        proposedBy: proposal.proposed_by,
        approvedBy: approver,
        proposedAt: detail.proposed_at,
      });
      await payouts.queue(trx, {
        grantId: proposal.subject_id,
        asset: detail.asset,
        amount: detail.amount,
        toAddress: detail.address,
      });
      await recordAudit(trx, {
        operator: approver,
        action: 'aid_grant.pay',
        subjectType: 'aid_grant',
        subjectId: proposal.subject_id,
        detail: { ...detail, reason: proposal.reason, proposal: proposal.id, proposed_by: proposal.proposed_by },
      });
    },
  };
}
