import { sql } from 'kysely';
import { z } from 'zod';
import {
  checkinSettingsUpdateSchema,
  checkinSettingsValuesSchema,
  decimalString,
  type CheckinSettingsValues,
} from '@wallx/shared';
import { recordAudit } from '../../kernel/audit/audit.js';
import type { DecisionHandler } from '../../kernel/money-decisions/decision-handler.js';
import type { Rewards, StoredCheckinSettings } from '../../kernel/rewards/rewards.js';
import type { Trx } from '../../platform/db/database.js';
import { AppError } from '../../platform/errors/app-error.js';

/** What a proposed change keeps: the version and set it was made on, and the set proposed. */
const proposedSchema = z.object({
  version: z.number().int(),
  before: checkinSettingsValuesSchema,
  after: checkinSettingsValuesSchema,
});
const fundingSchema = z.object({ amount: decimalString });

/**
 * The reward rules in force, with saves ordered: before the first save there is no row to lock, so a
 * transaction lock does (as the money settings do, with a key of their own).
 */
async function locked(trx: Trx, rewards: Rewards): Promise<StoredCheckinSettings> {
  await sql`select pg_advisory_xact_lock(7411047)`.execute(trx);
  return rewards.settings(trx);
}

const sameValues = (a: CheckinSettingsValues, b: CheckinSettingsValues) =>
  JSON.stringify(checkinSettingsValuesSchema.parse(a)) === JSON.stringify(checkinSettingsValuesSchema.parse(b));

/**
 * A change of the check-in rewards and prizes (`checkin_settings.update`), as the fees and limits are
 * changed (decision 118): the whole set, made on the version read (an older one is refused,
 * checkin_settings_stale); approved by another operator, it is saved as the next version only if
 * nothing was saved since, audited with its proposer and approver.
 */
function checkinSettingsHandler(rewards: Rewards): DecisionHandler {
  return {
    subjectType: 'checkin_settings',
    async prepare(trx, _proposer, _subjectId, detail) {
      const { version, ...values } = checkinSettingsUpdateSchema.parse(detail);
      const before = await locked(trx, rewards);
      if (before.version !== version)
        throw new AppError('checkin_settings_stale', { field: 'version', data: { version: before.version } });
      if (sameValues(values, before.values)) throw new AppError('proposal_changes_nothing', { field: 'version' });
      return { detail: { version, before: before.values, after: values }, parties: {} };
    },
    async check(trx, _subjectId, detail) {
      const { version } = proposedSchema.parse(detail);
      if ((await locked(trx, rewards)).version !== version)
        throw new AppError('proposal_subject_changed', { field: 'id' });
      return {};
    },
    async execute(trx, approver, proposal) {
      const { version, before, after } = proposedSchema.parse(proposal.detail);
      if ((await locked(trx, rewards)).version !== version)
        throw new AppError('proposal_subject_changed', { field: 'id' });
      const next = {
        settings: JSON.stringify(after),
        version: version + 1,
        updated_by: proposal.proposed_by,
        approved_by: approver,
        updated_at: new Date(),
      };
      await trx
        .insertInto('checkin_settings')
        .values({ id: true, ...next })
        .onConflict((oc) => oc.column('id').doUpdateSet(next))
        .execute();
      await recordAudit(trx, {
        operator: approver,
        action: 'checkin_settings.update',
        subjectType: 'checkin_settings',
        subjectId: 'current',
        detail: {
          before: { version, ...before },
          after: { version: version + 1, ...after },
          proposal: proposal.id,
          proposed_by: proposal.proposed_by,
        },
      });
    },
  };
}

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
