import { describe, expect, it } from 'vitest';
import { compare, fromUnits, isDecimal, minus, percent, plus, times, toUnits } from './decimal.js';

describe('exact decimals', () => {
  it('multiplies without losing a digit', () => {
    expect(times('0.123456', '0.05')).toBe('0.0061728');
    expect(times('100', '0.05')).toBe('5');
    expect(times('999999999999.999999', '0.01')).toBe('9999999999.99999999');
    // A float would say 0.30000000000000004.
    expect(times('0.1', '3')).toBe('0.3');
    expect(times('12', '0')).toBe('0');
  });

  it('adds and subtracts exactly, never below zero', () => {
    expect(plus('0.1', '0.2')).toBe('0.3');
    expect(plus('1000', '10')).toBe('1010');
    expect(minus('100', '5')).toBe('95');
    expect(minus('0.3', '0.1')).toBe('0.2');
    expect(minus('1', '2')).toBe('0');
  });

  it('compares values of different scales', () => {
    expect(compare('1.50', '1.5')).toBe(0);
    expect(compare('1010', '1009.999999999999999999')).toBe(1);
    expect(compare('0.000001', '0.00001')).toBe(-1);
  });

  it('reads only plain decimals', () => {
    expect(isDecimal('12.5')).toBe(true);
    expect(isDecimal('1e3')).toBe(false);
    expect(isDecimal('-1')).toBe(false);
    expect(isDecimal('1,000')).toBe(false);
    expect(times('1e3', '2')).toBe('0');
  });

  it('shows a rate as a percentage', () => {
    expect(percent('0.05')).toBe('5');
    expect(percent('0.0125')).toBe('1.25');
    expect(percent('0')).toBe('0');
  });
});

describe('amount units', () => {
  it('round-trip exactly, with 18 places', () => {
    expect(toUnits('1')).toBe(10n ** 18n);
    expect(toUnits('0.000000000000000001')).toBe(1n);
    expect(fromUnits(toUnits('12345678901234567890.123456789012345678')!)).toBe(
      '12345678901234567890.123456789012345678',
    );
    expect(fromUnits(toUnits('1000')!)).toBe('1000');
    for (const bad of ['', '1e3', '-1', '1.0000000000000000001', 'abc', '1,0']) expect(toUnits(bad), bad).toBeNull();
  });
});
