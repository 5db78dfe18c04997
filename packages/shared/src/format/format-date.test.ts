import { describe, expect, it } from 'vitest';
import { defaultDateFormat, formatDate } from './format-date.js';

// Local-time cases build their Date from local fields, so they pass in any machine time zone.
const local = (y: number, mo: number, d: number, h = 0, mi = 0, s = 0): Date => new Date(y, mo - 1, d, h, mi, s);

describe('formatDate', () => {
  it("defaults to 'm-d H:i' in local time", () => {
    expect(defaultDateFormat).toBe('m-d H:i');
    expect(formatDate(local(2024, 3, 7, 9, 5, 1))).toBe('03-07 09:05');
  });

  it('formats every token with zero padding', () => {
    expect(formatDate(local(2024, 3, 7, 9, 5, 1), 'Y y m d H h i s a A')).toBe('2024 24 03 07 09 09 05 01 am AM');
    expect(formatDate(local(2009, 1, 2, 3, 4, 5), 'Y-m-d H:i:s')).toBe('2009-01-02 03:04:05');
  });

  it('pads two-digit year and four-digit year', () => {
    expect(formatDate(local(2005, 12, 31), 'y')).toBe('05');
    expect(formatDate(local(2000, 6, 15), 'y/Y')).toBe('00/2000');
    const early = local(2024, 1, 1);
    early.setFullYear(812);
    expect(formatDate(early, 'Y y')).toBe('0812 12');
  });

  it('shows midnight as 12 am and noon as 12 pm', () => {
    expect(formatDate(local(2024, 1, 1, 0, 30), 'h:i a|H')).toBe('12:30 am|00');
    expect(formatDate(local(2024, 1, 1, 12, 0), 'h:i A|H')).toBe('12:00 PM|12');
    expect(formatDate(local(2024, 1, 1, 12, 45), 'h:i a')).toBe('12:45 pm');
    expect(formatDate(local(2024, 1, 1, 13, 15), 'h:i a|H')).toBe('01:15 pm|13');
    expect(formatDate(local(2024, 1, 1, 11, 59), 'h:i A')).toBe('11:59 AM');
    expect(formatDate(local(2024, 1, 1, 23, 59, 59), 'h:i:s a')).toBe('11:59:59 pm');
  });

  it('copies other characters literally', () => {
    expect(formatDate(local(2024, 3, 7, 9, 5), 'Y年m月d日 [H:i] T\\z')).toBe('2024年03月07日 [09:05] T\\z');
    expect(formatDate(local(2024, 3, 7), '')).toBe('');
  });

  it('formats a fixed instant in Asia/Shanghai vs UTC', () => {
    const iso = '2024-12-31T20:30:05Z';
    expect(formatDate(iso, 'Y-m-d H:i:s', 'UTC')).toBe('2024-12-31 20:30:05');
    expect(formatDate(iso, 'Y-m-d H:i:s', 'Asia/Shanghai')).toBe('2025-01-01 04:30:05');
    expect(formatDate(iso, 'y m d h a', 'Asia/Shanghai')).toBe('25 01 01 04 am');
    expect(formatDate(iso, undefined, 'Asia/Shanghai')).toBe('01-01 04:30');
  });

  it('gives 00 / 12 am at midnight and 12 pm at noon in a time zone', () => {
    expect(formatDate('2024-05-01T16:00:00Z', 'H h a', 'Asia/Shanghai')).toBe('00 12 am');
    expect(formatDate('2024-05-01T00:00:00Z', 'H h A', 'UTC')).toBe('00 12 AM');
    expect(formatDate('2024-05-01T04:07:00Z', 'H h A', 'Asia/Shanghai')).toBe('12 12 PM');
  });

  it('reads numbers as milliseconds, or unix seconds when below 1e12', () => {
    const ms = Date.UTC(2024, 0, 2, 3, 4, 5); // 1704164645000
    expect(formatDate(ms, 'Y-m-d H:i:s', 'UTC')).toBe('2024-01-02 03:04:05');
    expect(formatDate(ms / 1000, 'Y-m-d H:i:s', 'UTC')).toBe('2024-01-02 03:04:05');
    expect(formatDate(0, 'Y-m-d H:i:s', 'UTC')).toBe('1970-01-01 00:00:00');
    // 1e12 itself is milliseconds (2001-09-09), just below is seconds (year 33658).
    expect(formatDate(1e12, 'Y-m-d', 'UTC')).toBe('2001-09-09');
    expect(formatDate(1e12 - 1, 'Y', 'UTC')).toBe('33658');
  });

  it('accepts Date objects and ISO strings with offsets', () => {
    expect(formatDate(new Date('2024-06-30T23:59:59.999Z'), 'Y-m-d H:i:s', 'UTC')).toBe('2024-06-30 23:59:59');
    expect(formatDate('2024-06-30T08:00:00+08:00', 'H:i', 'UTC')).toBe('00:00');
    expect(formatDate(' 2024-06-30T08:00:00Z ', 'H:i', 'UTC')).toBe('08:00');
  });

  it("returns '' for invalid input, never 'NaN'", () => {
    expect(formatDate('not a date')).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('   ', 'Y')).toBe('');
    expect(formatDate('2024-13-45T00:00:00Z')).toBe('');
    expect(formatDate(Number.NaN)).toBe('');
    expect(formatDate(Number.POSITIVE_INFINITY)).toBe('');
    expect(formatDate(new Date('garbage'))).toBe('');
    expect(formatDate(9e15, 'Y')).toBe(''); // beyond the Date range
    expect(formatDate(null as unknown as string)).toBe('');
  });

  it("returns '' for an unknown time zone", () => {
    expect(formatDate('2024-01-01T00:00:00Z', 'Y', 'Mars/Olympus_Mons')).toBe('');
  });
});
