import { describe, expect, it } from 'vitest';
import { parseUserSearch } from './constants.js';
import { freezeRequestSchema, operatorUsersQuerySchema } from './operator-schemas.js';

describe('parseUserSearch', () => {
  it('reads a whole address or 6+ hex digits of its start, any case, with or without 0x', () => {
    const address = '0xAbCdEf0123456789abcdef0123456789ABCDEF01';
    expect(parseUserSearch(address)).toEqual({ addressPrefix: address.toLowerCase(), shareCode: null });
    expect(parseUserSearch(' ABCDEF ')).toEqual({ addressPrefix: '0xabcdef', shareCode: null });
    expect(parseUserSearch('0x123456')).toEqual({ addressPrefix: '0x123456', shareCode: null });
  });

  it('reads a share code (8 characters of its alphabet) in any case; 8 hex digits may be either', () => {
    expect(parseUserSearch('qj7bmx6d')).toEqual({ addressPrefix: null, shareCode: 'QJ7BMX6D' });
    expect(parseUserSearch('ABCD2345')).toEqual({ addressPrefix: '0xabcd2345', shareCode: 'ABCD2345' });
  });

  it('matches nothing when too short, too long or not hex', () => {
    for (const q of ['0x12345', 'abcde', 'QJ7BMX6', 'QJ7BMX6DD', 'hello!', '0x' + 'a'.repeat(41), 'O0I1O0I1']) {
      expect(parseUserSearch(q), q).toEqual({ addressPrefix: null, shareCode: null });
    }
  });
});

describe('the users query and the freeze request', () => {
  it('takes only true and false as filters', () => {
    expect(operatorUsersQuerySchema.parse({ frozen: 'true', validator: 'false' })).toMatchObject({
      frozen: true,
      validator: false,
      limit: 20,
    });
    expect(operatorUsersQuerySchema.safeParse({ frozen: '1' }).success).toBe(false);
  });

  it('wants a trimmed reason of 3 to 500 characters', () => {
    expect(freezeRequestSchema.parse({ frozen: true, reason: '  fraud  ' })).toEqual({ frozen: true, reason: 'fraud' });
    expect(freezeRequestSchema.safeParse({ frozen: true, reason: ' ab ' }).success).toBe(false);
    expect(freezeRequestSchema.safeParse({ frozen: true, reason: 'x'.repeat(501) }).success).toBe(false);
    expect(freezeRequestSchema.safeParse({ frozen: true, reason: 'a\u0000bc' }).success).toBe(false);
  });
});
