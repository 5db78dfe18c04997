import { describe, expect, it } from 'vitest';
import { isNoticeEvent } from './notice.js';

describe('isNoticeEvent', () => {
  it('tells a person what ended, not every step', () => {
    expect(isNoticeEvent({ type: 'balance', payload: { asset: 'USDT', balance: '1' } })).toBe(false);
    const deposit = {
      tx_hash: '0x1',
      asset: 'USDT',
      amount: '1',
      confirmations: 3,
      required_confirmations: 15,
    } as const;
    expect(isNoticeEvent({ type: 'deposit', payload: { ...deposit, status: 'confirming' } })).toBe(false);
    expect(isNoticeEvent({ type: 'deposit', payload: { ...deposit, status: 'credited' } })).toBe(true);
    const withdrawal = { id: '1', asset: 'USDT', amount: '50' } as const;
    expect(isNoticeEvent({ type: 'withdrawal', payload: { ...withdrawal, status: 'queued' } })).toBe(false);
    for (const status of ['completed', 'refunded', 'rejected'] as const)
      expect(isNoticeEvent({ type: 'withdrawal', payload: { ...withdrawal, status } })).toBe(true);
    expect(isNoticeEvent({ type: 'shipping', payload: { id: '1', status: 'shipped' } })).toBe(true);
  });
});
