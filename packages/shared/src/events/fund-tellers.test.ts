import { describe, expect, it } from 'vitest';
import { fundRecordTypes, platformRecordTypes, userRecordTypes, type FundRecordType } from '../funds/constants.js';
import { creditsUser, fundTellers, type FundTeller } from './fund-tellers.js';
import { isNoticeEvent } from './notice.js';
import type { UserEvent } from './schemas.js';

/** The notice each teller writes when money reaches a user, as the server writes it. */
const toldBy: Record<
  Exclude<FundTeller, 'none' | 'request'>,
  (type: FundRecordType) => Pick<UserEvent, 'type' | 'payload'>
> = {
  ledger: (type) => ({
    type: 'balance',
    payload: { asset: 'USDT', balance: '20', credit: { type, amount: '20', from: '0x1' } },
  }),
  deposit: () => ({
    type: 'deposit',
    payload: {
      tx_hash: '0x1',
      asset: 'USDT',
      amount: '20',
      status: 'credited',
      confirmations: 15,
      required_confirmations: 15,
    },
  }),
  withdrawal: () => ({ type: 'withdrawal', payload: { id: '1', asset: 'USDT', amount: '20', status: 'refunded' } }),
  order: () => ({
    type: 'order',
    payload: { market: 'c2c', id: '1', status: 'filled', reason: null, miner_no: null, asset: 'USDT', amount: '20' },
  }),
};

// The user's own request credits these, and the screen that sent it says what came in (the check-in
// screen says what the day's check-in earned).
const ownRequests: FundRecordType[] = ['mining_output', 'c2c_buy', 'checkin_reward', 'streak_bonus'];

describe('fundTellers', () => {
  it('names how every fund-record type tells, or that it never credits a user', () => {
    expect(Object.keys(fundTellers).sort()).toEqual([...fundRecordTypes].sort());
  });

  it('every type that credits a user tells them with a notice, once', () => {
    for (const type of fundRecordTypes) {
      const teller = fundTellers[type];
      if (teller === 'none') continue;
      if (teller === 'request') {
        expect(ownRequests, `${type} is credited only by the user's own request`).toContain(type);
        continue;
      }
      expect(isNoticeEvent(toldBy[teller](type)), `${type} is told by ${teller}`).toBe(true);
      // Told by another event: the balance event of the same posting stays quiet (no double notice).
      if (teller !== 'ledger') expect(isNoticeEvent(toldBy.ledger(type)), `${type} told twice`).toBe(false);
    }
  });

  it("the platform's own types never credit a user and are not offered in a user's records filter", () => {
    for (const type of platformRecordTypes) {
      expect(creditsUser(type), type).toBe(false);
      expect(userRecordTypes, type).not.toContain(type);
    }
    expect(userRecordTypes).toContain('staking_reward');
    expect(userRecordTypes.length + platformRecordTypes.length).toBe(fundRecordTypes.length);
  });

  it('a debit or a balance without a credit is no notice', () => {
    expect(isNoticeEvent({ type: 'balance', payload: { asset: 'USDT', balance: '1' } })).toBe(false);
    expect(creditsUser('transfer_out')).toBe(false);
    expect(creditsUser('transfer_in')).toBe(true);
  });
});
