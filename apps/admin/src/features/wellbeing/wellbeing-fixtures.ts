import type { CheckinSettings, OperatorRole, OperatorSupportLine, Proposal, WellbeingSummary } from '@wallx/shared';
import { operatorAddress, serveAs, type Answer } from '../../lib/test-render';
import type { OperatorBoard } from './api/leaderboard';

/** The well-being page's tests' answers: a summary with a hidden day, the rules, the lines, a board. */
export const summary: WellbeingSummary = {
  from: '2026-11-22',
  to: '2026-11-24',
  time_zone: 'Asia/Shanghai',
  min_people: 20,
  days: [
    { day: '2026-11-24', checkins: null, average_mood: null, rewards_paid: '3' },
    { day: '2026-11-23', checkins: 42, average_mood: '3.57', rewards_paid: '47' },
    { day: '2026-11-22', checkins: 20, average_mood: '2.90', rewards_paid: '20' },
  ],
  budget: { balance: '930', funded: '1000', paid: '70' },
};

export const checkinSettings: CheckinSettings = {
  version: 2,
  checkin_reward: '1',
  streak_bonus: '5',
  streak_every: 7,
  require_holding: true,
  prizes: ['50', '30', '20'],
  low_mood_days: 3,
  updated_by: operatorAddress,
  approved_by: '0x4444444444444444444444444444444444444444',
  updated_at: '2026-11-20T08:00:00.000Z',
};

export const lines: OperatorSupportLine[] = [
  {
    country: 'default',
    name: 'Find a Helpline',
    phone: null,
    url: 'https://findahelpline.com',
    updated_by: null,
    updated_at: '2026-11-20T08:00:00.000Z',
  },
  {
    country: 'JP',
    name: 'Inochi no Denwa',
    phone: '0570-783-556',
    url: null,
    updated_by: operatorAddress,
    updated_at: '2026-11-21T08:00:00.000Z',
  },
];

export const troll = '0x5555555555555555555555555555555555555555';
export const board: OperatorBoard = {
  week: '2026-11-23',
  ends: '2026-11-29T16:00:00.000Z',
  closed: false,
  page: 1,
  page_size: 20,
  total: 2,
  prizes: ['50', '30'],
  items: [
    {
      rank: 1,
      name: 'calm-river',
      days: 2,
      streak: 9,
      prize: '50',
      user: operatorAddress,
      nickname: 'calm-river',
      hidden: false,
    },
    { rank: 2, name: '0x5555…5555', days: 2, streak: 2, prize: '30', user: troll, nickname: 'rude name', hidden: true },
  ],
  payouts: [],
};

const base = {
  subject: null,
  operator: null,
  settings: null,
  checkin_settings: null,
  staking_settings: null,
  funding: null,
  status: 'pending',
  proposed_by: operatorAddress,
  proposed_at: '2026-11-24T09:00:00.000Z',
  decided_by: null,
  decided_at: null,
} as const;

export const fundingProposal = (id: string): Proposal => ({
  ...base,
  id,
  kind: 'rewards.fund',
  subject_type: 'rewards_budget',
  subject_id: 'WALLX',
  funding: { asset: 'WALLX', amount: '500' },
  reason: 'November top-up',
});

export const settingsProposal = (id: string): Proposal => {
  const { version, updated_by: _by, approved_by: _approver, updated_at: _at, ...values } = checkinSettings;
  return {
    ...base,
    id,
    kind: 'checkin_settings.update',
    subject_type: 'checkin_settings',
    subject_id: 'current',
    checkin_settings: {
      version,
      before: values,
      after: { ...values, checkin_reward: '2', prizes: ['60', '30', '20'] },
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
