import { describe, expect, it } from 'vitest';
import { unitLabel } from './unit-label.js';

describe('unitLabel', () => {
  it('maps 0, 1, 2 to %, USDT, WALLX', () => {
    expect(unitLabel(0)).toBe('%');
    expect(unitLabel(1)).toBe('USDT');
    expect(unitLabel(2)).toBe('WALLX');
  });

  it("gives '' for any other index", () => {
    expect(unitLabel(3)).toBe('');
    expect(unitLabel(-1)).toBe('');
    expect(unitLabel(1.5)).toBe('');
    expect(unitLabel(Number.NaN)).toBe('');
  });
});
