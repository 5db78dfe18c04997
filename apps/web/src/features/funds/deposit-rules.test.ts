import { describe, expect, it } from 'vitest';
import { depositAmountError, toBaseUnits } from './deposit-rules';

describe('depositAmountError', () => {
  it('requires an amount', () => {
    expect(depositAmountError('', 18)).toBe('funds.amount_required');
    expect(depositAmountError('   ', 18)).toBe('funds.amount_required');
  });

  it('takes plain decimals greater than 0', () => {
    for (const ok of ['100', '0.5', '1.000000000000000001', ' 42 ', '007'])
      expect(depositAmountError(ok, 18)).toBeUndefined();
    for (const bad of ['0', '0.000', '-1', '+1', '1e3', '1,000', '.5', '5.', 'abc', '0x10', 'Infinity', 'NaN']) {
      expect(depositAmountError(bad, 18), bad).toBe('chain.amount_invalid');
    }
  });

  it('allows no more places than the token has', () => {
    expect(depositAmountError('1.0000000000000000001', 18)).toBe('chain.amount_too_precise');
    expect(depositAmountError('1.123', 2)).toBe('chain.amount_too_precise');
    expect(depositAmountError('1.12', 2)).toBeUndefined();
    expect(depositAmountError('1.5', 0)).toBe('chain.amount_too_precise');
  });
});

describe('toBaseUnits', () => {
  it('converts exactly, with no float in between', () => {
    expect(toBaseUnits('100', 18)).toBe(100n * 10n ** 18n);
    expect(toBaseUnits('0.1', 18)).toBe(10n ** 17n);
    expect(toBaseUnits('1.000000000000000001', 18)).toBe(10n ** 18n + 1n);
    expect(toBaseUnits('123456789012345678901234.5', 18)).toBe(1234567890123456789012345n * 10n ** 17n);
    expect(toBaseUnits('0.3', 6)).toBe(300000n);
  });

  it('refuses what validation refuses', () => {
    expect(() => toBaseUnits('0', 18)).toThrow(RangeError);
    expect(() => toBaseUnits('1.5', 0)).toThrow(RangeError);
  });
});
