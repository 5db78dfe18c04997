import type { MoneySettings, OperatorRole, OperatorWithdrawal, Proposal } from '@wallx/shared';
import { operatorAddress, serveAs, type Answer } from '../../lib/test-render';

/** The money page's tests' rows and server: a user, a withdrawal, a proposal, the settings in force. */
export const user = '0x3333333333333333333333333333333333333333';

export const withdrawal = (
  id: string,
  status: OperatorWithdrawal['status'] = 'pending_review',
): OperatorWithdrawal => ({
  id,
  user,
  aid_grant: null,
  asset: 'USDT',
  amount: '2000',
  fee: '1.5',
  to_address: user,
  status,
  review_reason: status === 'held' ? 'nonce' : 'amount',
  failure_reason: null,
  nonce: null,
  tx_hash: null,
  is_stuck: false,
  created_at: '2026-11-24T08:00:00.000Z',
  updated_at: '2026-11-24T08:00:00.000Z',
});

/** A grant's payout from the aid fund: no user, its grant and partner (migration 041). */
export const grantPayout = (id: string): OperatorWithdrawal => ({
  ...withdrawal(id, 'queued'),
  user: null,
  aid_grant: { id: '31', partner_id: '4', partner: 'Calm Minds Foundation' },
  amount: '25.5',
  fee: '0',
  to_address: '0x4444444444444444444444444444444444444444',
  review_reason: null,
});

export const proposal = (id: string, reason: string, by: string): Proposal => ({
  id,
  kind: 'withdrawal.approve',
  subject_type: 'withdrawal',
  subject_id: '7',
  subject: { user, asset: 'USDT', amount: '2000', counterparty: user, status: 'pending_review' },
  operator: null,
  settings: null,
  checkin_settings: null,
  staking_settings: null,
  funding: null,
  reason,
  status: 'pending',
  proposed_by: by,
  proposed_at: '2026-11-24T09:00:00.000Z',
  decided_by: null,
  decided_at: null,
});

export const settings: MoneySettings = {
  version: 3,
  updated_by: operatorAddress,
  approved_by: null,
  updated_at: '2026-11-24T08:00:00.000Z',
  withdraw: {
    USDT: { min: '20', fee: '1.5', review_above: '1000', hourly_cap: '5000' },
    WALLX: { min: '10', fee: '1', review_above: '100000', hourly_cap: '500000' },
  },
  markets: { mtrade_fee_rate: '0.05', c2c_fee_rate: '0.01' },
  chain: { name: 'local', chain_id: 31337, confirmations: 2, deposit_address: user, hot_wallet: operatorAddress },
};

export const serve = (role: OperatorRole, answer: Parameters<typeof serveAs>[1]) =>
  serveAs(role, answer, { status: 404, body: { code: 1, message: 'not here' } });
export const refused = (code: number, message: string, field?: string): Answer => ({
  status: 400,
  body: { code, message, data: field ? { field } : {} },
});
