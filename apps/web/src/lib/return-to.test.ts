import { describe, expect, it } from 'vitest';
import { returnPathOf } from './return-to';

describe('returnPathOf', () => {
  it('returns a path of this app', () => {
    expect(returnPathOf({ returnTo: '/transfer' })).toBe('/transfer');
  });

  it('ignores anything that could leave the app or is not a path', () => {
    for (const state of [
      { returnTo: '//evil.example' },
      { returnTo: 'https://evil.example' },
      { returnTo: 42 },
      {},
      null,
      undefined,
      'x',
    ]) {
      expect(returnPathOf(state)).toBeUndefined();
    }
  });
});
