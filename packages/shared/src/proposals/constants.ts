/**
 * Decisions one finance operator proposes and a different one approves (four eyes, decision 80):
 * approving a withdrawal above the review threshold, approving or rejecting a held payout, and
 * crediting a deposit no user sent to the user it belongs to (decision 81).
 */
export const proposalKinds = ['withdrawal.approve', 'withdrawal.reject', 'deposit.credit'] as const;
export type ProposalKind = (typeof proposalKinds)[number];

export const proposalStatuses = ['pending', 'approved', 'withdrawn'] as const;
export type ProposalStatus = (typeof proposalStatuses)[number];

/** `mine`: what I proposed; `to_approve`: pending ones someone else proposed, which I may approve. */
export const proposalViews = ['mine', 'to_approve'] as const;
