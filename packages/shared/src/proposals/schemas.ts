import { z } from 'zod';
import { pageQuery } from '../api/envelope.js';
import { addressSchema, assetSchema, decimalString } from '../api/primitives.js';
import { WITHDRAWAL_REVIEW_NOTE_MAX, WITHDRAWAL_REVIEW_NOTE_MIN } from '../funds/constants.js';
import { proposalKinds, proposalStatuses, proposalViews } from './constants.js';

/**
 * The subject is a withdrawal, or for `deposit.credit` an unattributed deposit, then credited to
 * `user` (required there, and only there). The reason is the audit log's, and for a rejection the
 * note on the user's refund.
 */
export const proposalRequestSchema = z
  .object({
    kind: z.enum(proposalKinds),
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

/** `subject_id`: the proposals about one withdrawal (its detail panel shows the waiting one). */
export const proposalQuerySchema = pageQuery.extend({
  status: z.enum(proposalStatuses).optional(),
  view: z.enum(proposalViews).optional(),
  subject_id: z
    .string()
    .max(19)
    .regex(/^[1-9]\d{0,18}$/, 'must be an id')
    .optional(),
});
export type ProposalQuery = z.infer<typeof proposalQuerySchema>;

export const proposalSchema = z.object({
  id: z.string(),
  kind: z.enum(proposalKinds),
  subject_type: z.enum(['withdrawal', 'unattributed_deposit']),
  subject_id: z.string(),
  /**
   * What is decided, as it stands now: the user (the withdrawal's owner; the one a deposit would be
   * credited to), the amount, the other side on chain (where a withdrawal is paid; who sent a
   * deposit) and the subject's state (a deposit's: open or credited).
   */
  subject: z.object({
    user: z.string(),
    asset: assetSchema,
    amount: decimalString,
    counterparty: z.string(),
    status: z.string(),
  }),
  reason: z.string(),
  status: z.enum(proposalStatuses),
  proposed_by: z.string(),
  proposed_at: z.string(),
  decided_by: z.string().nullable(),
  decided_at: z.string().nullable(),
});
export type Proposal = z.infer<typeof proposalSchema>;
