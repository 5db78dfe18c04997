import type { ProposalKind } from '@wallx/shared';

/** Each kind of proposal's text key: what is decided, as the console names it. */
export const proposalKindLabel = {
  'withdrawal.approve': 'money.kind_withdrawal_approve',
  'withdrawal.reject': 'money.kind_withdrawal_reject',
  'deposit.credit': 'money.kind_deposit_credit',
  'operator.add': 'money.kind_operator_add',
  'operator.role': 'money.kind_operator_role',
  'operator.person': 'money.kind_operator_person',
  'operator.enable': 'money.kind_operator_enable',
  'money_settings.update': 'money.kind_money_settings_update',
  'checkin_settings.update': 'money.kind_checkin_settings_update',
  'rewards.fund': 'money.kind_rewards_fund',
  'staking_settings.update': 'money.kind_staking_settings_update',
  'staking.fund': 'money.kind_staking_fund',
  'aid_grant.pay': 'money.kind_aid_grant_pay',
} as const satisfies Record<ProposalKind, string>;

/**
 * The text key of what an operator just decided: kept as a key, not a text, so that the notice
 * follows a change of language.
 */
export type DecisionNotice =
  | 'money.proposal_approved_notice'
  | 'money.proposal_withdrawn_notice'
  | 'money.decided_reject'
  | 'money.proposed_notice';
