import type { ProposalKind } from '@wallx/shared';

/** Each kind of proposal's text key: what is decided, as the console names it. */
export const proposalKindLabel = {
  'withdrawal.approve': 'money.kind_withdrawal_approve',
  'withdrawal.reject': 'money.kind_withdrawal_reject',
  'deposit.credit': 'money.kind_deposit_credit',
} as const satisfies Record<ProposalKind, string>;
