import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatNumber } from '@wallx/shared';
import { formatAmount, fromUnits, toUnits } from './amount';

describe('units', () => {
  it('round-trip exactly, with 18 places', () => {
    expect(toUnits('0.000000000000000001')).toBe(1n);
    expect(fromUnits(toUnits('12345678901234567890.123456789012345678')!)).toBe('12345678901234567890.123456789012345678');
    expect(toUnits('1.0000000000000000001')).toBeNull();
    expect(toUnits('-1')).toBeNull();
    expect(toUnits('1e3')).toBeNull();
  });
});

describe('formatAmount', () => {
  it('groups, truncates and drops trailing zeros', () => {
    expect(formatAmount('1234567.891')).toBe('1,234,567.89');
    expect(formatAmount('0.999', 2)).toBe('0.99');
    expect(formatAmount('12.500000000000000000', 6)).toBe('12.5');
    expect(formatAmount('1000')).toBe('1,000');
    expect(formatAmount('0.000001', 2)).toBe('0');
    expect(formatAmount('abc')).toBe('0');
  });

  it('says what formatNumber says for every amount the API sends', () => {
    const amount = fc
      .tuple(fc.bigInt({ min: 0n, max: 10n ** 24n }), fc.integer({ min: 0, max: 18 }))
      .map(([units, places]) => (places === 0 ? units.toString() : `${units / 10n ** BigInt(places)}.${(units % 10n ** BigInt(places)).toString().padStart(places, '0')}`));
    fc.assert(
      fc.property(amount, fc.integer({ min: 0, max: 18 }), (value, digits) => {
        expect(formatAmount(value, digits)).toBe(formatNumber(value, digits));
      }),
    );
  });
});
