import { describe, expect, it } from 'vitest';
import { signedAmount } from './signed-amount';

describe('signedAmount', () => {
  it('reads the flow from the sign of a ledger amount', () => {
    expect(signedAmount('12.5')).toEqual({ text: '+12.5', flow: 'in' });
    expect(signedAmount('-12.5')).toEqual({ text: '\u221212.5', flow: 'out' });
  });

  it('takes the flow from a transfer’s direction', () => {
    expect(signedAmount('100', 'out')).toEqual({ text: '\u2212100', flow: 'out' });
    expect(signedAmount('100', 'in')).toEqual({ text: '+100', flow: 'in' });
  });

  it('groups thousands and keeps 6 decimals, truncated', () => {
    expect(signedAmount('1234567.123456789').text).toBe('+1,234,567.123456');
    expect(signedAmount('-0.0000019').text).toBe('\u22120.000001');
  });

  it('keeps every digit of large amounts', () => {
    expect(signedAmount('12345678901234567890.000001').text).toBe('+12,345,678,901,234,567,890.000001');
  });
});
