import { describe, expect, it } from 'vitest';
import {
  countryOf,
  monthGrid,
  nicknameProblem,
  pageCount,
  shiftDay,
  shiftMonth,
  toggleFeeling,
} from './wellbeing-rules';

describe('well-being rules', () => {
  it('takes the country from the browser language’s region, none without one', () => {
    expect(countryOf('zh-CN')).toBe('CN');
    expect(countryOf('id_ID')).toBe('ID');
    expect(countryOf('en')).toBe('');
    expect(countryOf('zh-Hant-TW')).toBe('');
    expect(countryOf(undefined)).toBe('');
  });

  it('holds at most three feelings', () => {
    expect(toggleFeeling(['calm', 'sad', 'tired'], 'angry')).toEqual(['calm', 'sad', 'tired']);
    expect(toggleFeeling(['calm', 'sad'], 'angry')).toEqual(['calm', 'sad', 'angry']);
    expect(toggleFeeling(['calm', 'sad'], 'calm')).toEqual(['sad']);
  });

  it('checks a nickname by the shared rules', () => {
    expect(nicknameProblem('a')).toBe('short');
    expect(nicknameProblem('x'.repeat(21))).toBe('long');
    expect(nicknameProblem('_ab')).toBe('invalid');
    expect(nicknameProblem('a b!')).toBe('invalid');
    expect(nicknameProblem(' 快乐的狐狸 ')).toBeNull();
    expect(nicknameProblem('calm.fox-1')).toBeNull();
  });

  it('walks days and months across year ends', () => {
    expect(shiftDay('2026-12-28', 7)).toBe('2027-01-04');
    expect(shiftDay('2026-03-02', -7)).toBe('2026-02-23');
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
  });

  it('lays a month out Monday first', () => {
    // 1 November 2026 is a Sunday: six blanks before it.
    const grid = monthGrid('2026-11');
    expect(grid.slice(0, 7)).toEqual([null, null, null, null, null, null, '2026-11-01']);
    expect(grid.at(-1)).toBe('2026-11-30');
    expect(monthGrid('2027-02').filter(Boolean)).toHaveLength(28);
  });

  it('counts pages', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
  });
});
