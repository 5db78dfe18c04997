import { describe, expect, it } from 'vitest';
import { formatNumber } from './format-number.js';

describe('formatNumber', () => {
  it('groups thousands and keeps at most 2 fraction digits by default', () => {
    expect(formatNumber('1234567.891')).toBe('1,234,567.89');
    expect(formatNumber('1000')).toBe('1,000');
    expect(formatNumber('999')).toBe('999');
    expect(formatNumber('100000')).toBe('100,000');
  });

  it('truncates toward zero instead of rounding', () => {
    expect(formatNumber('0.999')).toBe('0.99');
    expect(formatNumber('1.999', 0)).toBe('1');
    expect(formatNumber('-1.999')).toBe('-1.99');
    expect(formatNumber(2.675)).toBe('2.67');
  });

  it('drops trailing zeros', () => {
    expect(formatNumber('1.50')).toBe('1.5');
    expect(formatNumber('1.000000')).toBe('1');
    expect(formatNumber('1.104', 2)).toBe('1.1');
    expect(formatNumber('12.00', 8)).toBe('12');
  });

  it('keeps all 18 decimals when asked', () => {
    expect(formatNumber('0.000000000000000001', 18)).toBe('0.000000000000000001');
    expect(formatNumber('0.000000000000000001')).toBe('0');
    expect(formatNumber('1234.123456789012345678', 18)).toBe('1,234.123456789012345678');
  });

  it('formats strings beyond 2^53 exactly', () => {
    expect(formatNumber('9007199254740993')).toBe('9,007,199,254,740,993');
    expect(formatNumber('12345678901234567890.123456789012345678', 18)).toBe(
      '12,345,678,901,234,567,890.123456789012345678',
    );
    expect(formatNumber('99999999999999999999999999.999', 2)).toBe('99,999,999,999,999,999,999,999,999.99');
  });

  it('formats bigint', () => {
    expect(formatNumber(123456789012345678901234567890n)).toBe('123,456,789,012,345,678,901,234,567,890');
    expect(formatNumber(-1000n)).toBe('-1,000');
    expect(formatNumber(0n)).toBe('0');
  });

  it('formats numbers', () => {
    expect(formatNumber(1234.5)).toBe('1,234.5');
    expect(formatNumber(0.1 + 0.2, 18)).toBe('0.30000000000000004');
    expect(formatNumber(1e21)).toBe('1,000,000,000,000,000,000,000');
    expect(formatNumber(-0)).toBe('0');
  });

  it("keeps the '-' sign, but never shows '-0'", () => {
    expect(formatNumber('-1234567.891')).toBe('-1,234,567.89');
    expect(formatNumber('-0.001')).toBe('0');
    expect(formatNumber('-0')).toBe('0');
    expect(formatNumber('+42')).toBe('42');
  });

  it('formats zero', () => {
    expect(formatNumber('0')).toBe('0');
    expect(formatNumber('0.00')).toBe('0');
    expect(formatNumber(0)).toBe('0');
  });

  it('accepts short forms and exponent notation that decimal.js parses', () => {
    expect(formatNumber('.5')).toBe('0.5');
    expect(formatNumber('5.')).toBe('5');
    expect(formatNumber(' 12.5 ')).toBe('12.5');
    expect(formatNumber('1e3')).toBe('1,000');
    expect(formatNumber('1.5E-7', 8)).toBe('0.00000015');
  });

  it("gives '0' for invalid input", () => {
    expect(formatNumber('')).toBe('0');
    expect(formatNumber('abc')).toBe('0');
    expect(formatNumber('1,234')).toBe('0');
    expect(formatNumber('0x1f')).toBe('0');
    expect(formatNumber('NaN')).toBe('0');
    expect(formatNumber('Infinity')).toBe('0');
    expect(formatNumber('1e')).toBe('0');
    expect(formatNumber('1.2.3')).toBe('0');
    expect(formatNumber('1e99999999999999999')).toBe('0');
    expect(formatNumber(Number.NaN)).toBe('0');
    expect(formatNumber(Number.POSITIVE_INFINITY)).toBe('0');
    expect(formatNumber(null as unknown as string)).toBe('0');
  });

  it('rejects an invalid maxFractionDigits', () => {
    expect(() => formatNumber('1', -1)).toThrow(RangeError);
    expect(() => formatNumber('1', 1.5)).toThrow(RangeError);
    expect(() => formatNumber('1', 101)).toThrow(RangeError);
  });
});
