import { z } from 'zod';
import { pageQuery } from '../api/envelope.js';
import { assetSchema, decimalString } from '../api/primitives.js';
import { WITHDRAWAL_REVIEW_NOTE_MAX, WITHDRAWAL_REVIEW_NOTE_MIN } from '../funds/constants.js';

/**
 * Decisions one finance operator proposes and a different one approves (four eyes, decision 80):
 * approving a withdrawal above the review threshold, and approving or rejecting a held payout.
 */
export const proposalKinds = ['withdrawal.approve', 'withdrawal.reject'] as const;
export type ProposalKind = (typeof proposalKinds)[number];

export const proposalStatuses = ['pending', 'approved', 'withdrawn'] as const;
export type ProposalStatus = (typeof proposalStatuses)[number];

/** `mine`: what I proposed; `to_approve`: pending ones someone else proposed, which I may approve. */
export const proposalViews = ['mine', 'to_approve'] as const;

/** The reason is the audit log's, and for a rejection the note on the user's refund. */
export const proposalRequestSchema = z.object({
  kind: z.enum(proposalKinds),
  subject_id: z.string().regex(/^[1-9]\d{0,18}$/, 'must be an id'),
  reason: z.string().trim().min(WITHDRAWAL_REVIEW_NOTE_MIN).max(WITHDRAWAL_REVIEW_NOTE_MAX),
});
export type ProposalRequest = z.infer<typeof proposalRequestSchema>;

/** `subject_id`: the proposals about one withdrawal (its detail panel shows the waiting one). */
export const proposalQuerySchema = pageQuery.extend({
  status: z.enum(proposalStatuses).optional(),
  view: z.enum(proposalViews).optional(),
  subject_id: z.string().regex(/^[1-9]\d{0,18}$/, 'must be an id').optional(),
});
export type ProposalQuery = z.infer<typeof proposalQuerySchema>;

export const proposalSchema = z.object({
  id: z.string(),
  kind: z.enum(proposalKinds),
  subject_type: z.literal('withdrawal'),
  subject_id: z.string(),
  /** What is decided, as it stands now. */
  subject: z.object({ user: z.string(), asset: assetSchema, amount: decimalString, to_address: z.string(), status: z.string() }),
  reason: z.string(),
  status: z.enum(proposalStatuses),
  proposed_by: z.string(),
  proposed_at: z.string(),
  decided_by: z.string().nullable(),
  decided_at: z.string().nullable(),
});
export type Proposal = z.infer<typeof proposalSchema>;
