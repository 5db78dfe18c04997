import { describe, expect, it } from 'vitest';
import { shortAddress } from './short-address.js';

const address = '0x1234567890abcdef1234567890abcdef12345678';

describe('shortAddress', () => {
  it('keeps 10 characters around ... by default', () => {
    expect(shortAddress(address)).toBe('0x123...45678');
  });

  it('splits an odd length with the extra character in the head', () => {
    expect(shortAddress(address, 7)).toBe('0x12...678');
    expect(shortAddress(address, 4)).toBe('0x...78');
    expect(shortAddress(address, 1)).toBe('0...');
    expect(shortAddress(address, 0)).toBe('...');
  });

  it('returns an address not longer than length + 3 unchanged', () => {
    expect(shortAddress('0123456789abc')).toBe('0123456789abc'); // 13 = 10 + 3
    expect(shortAddress('0123456789abcd')).toBe('01234...9abcd'); // 14
    expect(shortAddress('short')).toBe('short');
    expect(shortAddress('')).toBe('');
  });

  it('rejects an invalid length', () => {
    expect(() => shortAddress(address, -1)).toThrow(RangeError);
    expect(() => shortAddress(address, 2.5)).toThrow(RangeError);
  });
});
