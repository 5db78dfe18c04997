import { describe, expect, it } from 'vitest';
import { userFilterProblems } from './form-rules';

const filters = { frozen: '', validator: '' } as const;

describe('the users search', () => {
  it('takes nothing, an address or its start, and a share code', () => {
    for (const q of ['', '   ', '0xabcdef', '0xABCDEF0000000000000000000000000000000001', 'ABCD2345'])
      expect(userFilterProblems({ ...filters, q }), q).toEqual({});
  });

  it('names the box for anything else', () => {
    for (const q of ['alice@example.com', '0xzz', '% or 1=1'])
      expect(userFilterProblems({ ...filters, q }), q).toEqual({ q: 'users.search_invalid' });
  });
});
