import { z } from 'zod';
import { pageQuery } from '../api/envelope.js';
import { addressSchema, assetSchema, decimalString } from '../api/primitives.js';
import { checkinSettingsValuesSchema } from '../checkins/schemas.js';
import { stakingSettingsValuesSchema } from '../staking/settings.js';
import { WITHDRAWAL_REVIEW_NOTE_MAX, WITHDRAWAL_REVIEW_NOTE_MIN } from '../funds/constants.js';
import { moneySettingsValuesSchema } from '../funds/operator-schemas.js';
import { operatorRoleSchema } from '../operators/schemas.js';
import {
  moneyProposalKinds,
  proposalKinds,
  proposalStatuses,
  proposalSubjectTypes,
  proposalViews,
} from './constants.js';

/**
 * A money decision proposed here: the subject is a withdrawal, or for `deposit.credit` an
 * unattributed deposit, then credited to `user` (required there, and only there). The reason is the
 * audit log's, and for a rejection the note on the user's refund. Operator changes and the fees and
 * limits are proposed where they are edited (the operators routes, PUT /api/admin/money/settings).
 */
export const proposalRequestSchema = z
  .object({
    kind: z.enum(moneyProposalKinds),
    subject_id: z
      .string()
      .max(19)
      .regex(/^[1-9]\d{0,18}$/, 'must be an id'),
    reason: z.string().trim().min(WITHDRAWAL_REVIEW_NOTE_MIN).max(WITHDRAWAL_REVIEW_NOTE_MAX),
    user: addressSchema.optional(),
  })
  .superRefine((value, ctx) => {
    if ((value.kind === 'deposit.credit') !== (value.user !== undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: ['user'],
        message:
          value.kind === 'deposit.credit' ? 'is required to credit a deposit' : 'is only for crediting a deposit',
      });
    }
  });
export type ProposalRequest = z.infer<typeof proposalRequestSchema>;

/**
 * `subject_id`: the proposals about one withdrawal (its detail panel shows the waiting one), or one
 * operator (an address); `subject_type`: those about operators, or about the fees and limits.
 */
export const proposalQuerySchema = pageQuery.extend({
  status: z.enum(proposalStatuses).optional(),
  view: z.enum(proposalViews).optional(),
  subject_type: z.enum(proposalSubjectTypes).optional(),
  subject_id: z
    .string()
    .max(42)
    .regex(/^([1-9]\d{0,18}|0x[0-9a-fA-F]{40})$/, 'must be an id or an address')
    .transform((value) => value.toLowerCase())
    .optional(),
});
export type ProposalQuery = z.infer<typeof proposalQuerySchema>;

/** An operator's access as a proposal shows it before and after: role, same person as, disabled. */
export const operatorStateSchema = z.object({
  role: operatorRoleSchema,
  person: z.string().nullable(),
  is_disabled: z.boolean(),
});
export type OperatorState = z.infer<typeof operatorStateSchema>;

export const proposalSchema = z.object({
  id: z.string(),
  kind: z.enum(proposalKinds),
  subject_type: z.enum(proposalSubjectTypes),
  subject_id: z.string(),
  /**
   * A money decision's subject as it stands now: the user (the withdrawal's owner; the one a deposit
   * would be credited to), the amount, the other side on chain (where a withdrawal is paid; who sent
   * a deposit) and the subject's state (a deposit's: open or credited). Null for the other kinds.
   */
  subject: z
    .object({
      user: z.string(),
      asset: assetSchema,
      amount: decimalString,
      counterparty: z.string(),
      status: z.string(),
    })
    .nullable(),
  /** An operator change: the operator's access when it was proposed (null: not an operator yet) and after it. */
  operator: z
    .object({ address: z.string(), before: operatorStateSchema.nullable(), after: operatorStateSchema })
    .nullable(),
  /** A change of the fees and limits: the set it was made on (its version) and the set proposed. */
  settings: z
    .object({ version: z.number().int(), before: moneySettingsValuesSchema, after: moneySettingsValuesSchema })
    .nullable(),
  /** A change of the check-in rewards and prizes: the set it was made on (its version) and the set proposed. */
  checkin_settings: z
    .object({
      version: z.number().int(),
      before: checkinSettingsValuesSchema,
      after: checkinSettingsValuesSchema,
    })
    .nullable(),
  /** A change of the staking pool's rules: the set it was made on (its version) and the set proposed. */
  staking_settings: z
    .object({
      version: z.number().int(),
      before: stakingSettingsValuesSchema,
      after: stakingSettingsValuesSchema,
    })
    .nullable(),
  /** Adding to the rewards budget or to the staking pool (the subject type says which): how much (the reason says why). */
  funding: z.object({ asset: z.literal('WALLX'), amount: decimalString }).nullable(),
  /** A grant from the aid fund (decision 147), proposed or its payout held: the partner and address it goes to, and how much. */
  aid_grant: z
    .object({
      partner_id: z.string(),
      partner: z.string(),
      address: z.string(),
      asset: assetSchema,
      amount: decimalString,
    })
    .nullable()
    .optional(),
  reason: z.string(),
  status: z.enum(proposalStatuses),
  proposed_by: z.string(),
  proposed_at: z.string(),
  decided_by: z.string().nullable(),
  decided_at: z.string().nullable(),
});
export type Proposal = z.infer<typeof proposalSchema>;
