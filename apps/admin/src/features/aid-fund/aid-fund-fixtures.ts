import type { AidFund, OperatorAidDonation, OperatorAidGrant, OperatorAidPartner, Proposal } from '@wallx/shared';
import { operatorAddress } from '../../lib/test-render';

/** The aid fund page's tests' answers: the fund per asset, a donation, a paid grant and a queued one, two partners. */
export const partnerAddress = '0x7777777777777777777777777777777777777777';
export const donor = '0x6666666666666666666666666666666666666666';

export const fund: AidFund = {
  assets: [
    { asset: 'USDT', balance: '34.5', donations: '60', shares: '0', granted: '25.5', granting: '0' },
    {
      asset: 'WALLX',
      balance: '10.000000000000000001',
      donations: '0',
      shares: '10.000000000000000001',
      granted: '0',
      granting: '0',
    },
  ],
  partners: [],
};

export const partner = (id: string, name: string, active = true): OperatorAidPartner => ({
  id,
  name,
  address: partnerAddress,
  website: active ? 'https://calm.example.org' : null,
  active,
  created_by: operatorAddress,
  updated_by: operatorAddress,
  created_at: '2026-11-20T08:00:00.000Z',
  updated_at: '2026-11-20T08:00:00.000Z',
});

export const donation: OperatorAidDonation = {
  id: '5',
  user: donor,
  asset: 'USDT',
  amount: '60',
  donor: null,
  shown: false,
  created_at: '2026-11-25T08:00:00.000Z',
};

export const grant = (id: string, status: OperatorAidGrant['status']): OperatorAidGrant => ({
  id,
  partner_id: '4',
  partner: 'Calm Minds Foundation',
  asset: 'USDT',
  amount: '25.5',
  to_address: partnerAddress,
  status,
  tx_hash: status === 'paid' ? `0x${'ab'.repeat(32)}` : null,
  withdrawal_id: '90',
  proposal_id: '70',
  proposed_by: operatorAddress,
  approved_by: '0x4444444444444444444444444444444444444444',
  proposed_at: '2026-11-26T08:00:00.000Z',
  approved_at: '2026-11-26T09:00:00.000Z',
  paid_at: status === 'paid' ? '2026-11-26T09:05:00.000Z' : null,
});

export const grantProposal = (id: string): Proposal => ({
  id,
  kind: 'aid_grant.pay',
  subject_type: 'aid_grant',
  subject_id: '32',
  subject: null,
  operator: null,
  settings: null,
  checkin_settings: null,
  staking_settings: null,
  funding: null,
  aid_grant: {
    partner_id: '4',
    partner: 'Calm Minds Foundation',
    address: partnerAddress,
    asset: 'USDT',
    amount: '12',
  },
  reason: 'December grant',
  status: 'pending',
  proposed_by: operatorAddress,
  proposed_at: '2026-11-28T09:00:00.000Z',
  decided_by: null,
  decided_at: null,
});
