import type { OperatorCapability } from '../operators/constants.js';

/**
 * Decisions one operator proposes and a different, unrelated one approves (four eyes, decisions 80
 * and 120): approving a withdrawal above the review threshold, approving or rejecting a held payout,
 * crediting a deposit no user sent (decision 81); adding an operator, changing their role or their
 * `person` link, enabling a disabled one; and changing the fees and limits.
 */
export const moneyProposalKinds = ['withdrawal.approve', 'withdrawal.reject', 'deposit.credit'] as const;
export const operatorProposalKinds = ['operator.add', 'operator.role', 'operator.person', 'operator.enable'] as const;
export const proposalKinds = [
  ...moneyProposalKinds,
  ...operatorProposalKinds,
  'money_settings.update',
  'checkin_settings.update',
  'rewards.fund',
  'staking_settings.update',
  'staking.fund',
  'aid_grant.pay',
] as const;
export type ProposalKind = (typeof proposalKinds)[number];
export type MoneyProposalKind = (typeof moneyProposalKinds)[number];
export type OperatorProposalKind = (typeof operatorProposalKinds)[number];

/** What a proposal is about: its `subject_id` is a withdrawal's or a deposit's id, an operator's address, or `current`. */
export const proposalSubjectTypes = [
  'withdrawal',
  'unattributed_deposit',
  'operator',
  'money_settings',
  'checkin_settings',
  'rewards_budget',
  'staking_settings',
  'staking_budget',
  'aid_grant',
] as const;
export type ProposalSubjectType = (typeof proposalSubjectTypes)[number];

/**
 * Who proposes, approves and withdraws each kind: money decisions and the fees and limits are
 * finance's (and admins'), as changing the fees was before it took two; who may operate is admins'.
 */
export const proposalCapabilities: Record<ProposalKind, Extract<OperatorCapability, 'money' | 'operators'>> = {
  'withdrawal.approve': 'money',
  'withdrawal.reject': 'money',
  'deposit.credit': 'money',
  'operator.add': 'operators',
  'operator.role': 'operators',
  'operator.person': 'operators',
  'operator.enable': 'operators',
  'money_settings.update': 'money',
  'checkin_settings.update': 'money',
  'rewards.fund': 'money',
  'staking_settings.update': 'money',
  'staking.fund': 'money',
  'aid_grant.pay': 'money',
};

export const proposalStatuses = ['pending', 'approved', 'withdrawn'] as const;
export type ProposalStatus = (typeof proposalStatuses)[number];

/** `mine`: what I proposed; `to_approve`: pending ones someone else proposed, which I may approve. */
export const proposalViews = ['mine', 'to_approve'] as const;

/** The only subject of a money settings proposal: the set in force. */
export const MONEY_SETTINGS_SUBJECT = 'current';
/** The subject of a check-in settings proposal and of adding to the rewards budget (issue 47). */
export const CHECKIN_SETTINGS_SUBJECT = 'current';
export const REWARDS_BUDGET_SUBJECT = 'WALLX';
