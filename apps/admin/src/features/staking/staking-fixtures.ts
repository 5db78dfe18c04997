import type { OperatorRole, OperatorStake, Proposal, StakingPool, StakingSettings } from '@wallx/shared';
import { operatorAddress, serveAs, type Answer } from '../../lib/test-render';

/** The staking page's tests' answers: a pool with two days' distributions, two stakes, the rules in force. */
export const staker = '0x6666666666666666666666666666666666666666';

export const pool: StakingPool = {
  pool: { WALLX: '1250.5', USDT: '3.25' },
  funded: '1000',
  staked: { amount: '9000', stakes: 3, users: 2 },
  terms: [
    { term: 'flexible', amount: '1000', stakes: 1 },
    { term: 'd30', amount: '0', stakes: 0 },
    { term: 'd90', amount: '8000', stakes: 2 },
    { term: 'd180', amount: '0', stakes: 0 },
  ],
  last_day: '2026-11-27',
  distributions: [
    {
      day: '2026-11-27',
      asset: 'WALLX',
      proceeds: '100',
      aid: '10',
      paid: '89.999999999999999999',
      kept: '0.000000000000000001',
      stakes: 3,
      users: 2,
      total_weight: '17000',
      distributed_at: '2026-11-28T00:05:00.000Z',
    },
  ],
};

export const stake = (id: string, status: OperatorStake['status']): OperatorStake => ({
  id,
  user: staker,
  amount: '1000',
  term: status === 'active' ? 'd90' : 'flexible',
  status,
  started_at: '2026-11-01T08:00:00.000Z',
  ends_at: status === 'active' ? '2026-01-30T08:00:00.000Z' : null,
  closed_at: status === 'active' ? null : '2026-11-20T08:00:00.000Z',
  earned_wallx: '12.5',
  earned_usdt: '0.1',
  last_day: '2026-11-27',
  last_wallx: '0.5',
  last_usdt: '0',
});

export const stakingSettings: StakingSettings = {
  version: 3,
  term_weights: { flexible: '1', d30: '1.2', d90: '1.5', d180: '2' },
  fee_share: '0.3',
  aid_share: '0.1',
  checkin_boost: '0.2',
  min_stake: '10',
  updated_by: operatorAddress,
  approved_by: '0x4444444444444444444444444444444444444444',
  updated_at: '2026-11-20T08:00:00.000Z',
};

const base = {
  subject: null,
  operator: null,
  settings: null,
  checkin_settings: null,
  staking_settings: null,
  funding: null,
  aid_grant: null,
  status: 'pending',
  proposed_by: '0x4444444444444444444444444444444444444444',
  proposed_at: '2026-11-28T09:00:00.000Z',
  decided_by: null,
  decided_at: null,
} as const;

export const poolFundingProposal = (id: string): Proposal => ({
  ...base,
  id,
  kind: 'staking.fund',
  subject_type: 'staking_budget',
  subject_id: 'WALLX',
  funding: { asset: 'WALLX', amount: '500' },
  reason: 'December proceeds',
});

export const stakingSettingsProposal = (id: string): Proposal => {
  const { version, updated_by: _by, approved_by: _approver, updated_at: _at, ...values } = stakingSettings;
  return {
    ...base,
    id,
    kind: 'staking_settings.update',
    subject_type: 'staking_settings',
    subject_id: 'current',
    staking_settings: {
      version,
      before: values,
      after: { ...values, aid_share: '0.15', term_weights: { ...values.term_weights, d180: '2.5' } },
    },
    reason: '',
  };
};

export const serve = (role: OperatorRole, answer: Parameters<typeof serveAs>[1]) =>
  serveAs(role, answer, { status: 404, body: { code: 1, message: 'not here' } });
export const refused = (code: number, message: string, field?: string, status = 400): Answer => ({
  status,
  body: { code, message, data: field ? { field } : {} },
});
