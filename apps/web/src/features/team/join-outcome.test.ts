import { describe, expect, it } from 'vitest';
import { isShortFor, joinOutcome } from './join-outcome';

const me = '0x00000000000000000000000000000000000000aa';
const inviter = '0x1234567890abcdef1234567890abcdef12345678';
const other = '0x9999999999999999999999999999999999999999';
/** How the server shows the code's owner. */
const owner = '0x123...45678';

describe('isShortFor', () => {
  it('matches a shortened address to its full one, in any letter case', () => {
    expect(isShortFor(owner, inviter)).toBe(true);
    expect(isShortFor('0X123...45678', inviter.toUpperCase().replace('0X', '0x'))).toBe(true);
    expect(isShortFor(owner, other)).toBe(false);
    expect(isShortFor('...45678', inviter)).toBe(false);
  });

  it('compares an address left whole as a whole', () => {
    expect(isShortFor(inviter.toUpperCase(), inviter)).toBe(true);
    expect(isShortFor(inviter, other)).toBe(false);
  });
});

describe('joinOutcome', () => {
  it('a first login through this invite joined the inviter', () => {
    const user = { bsc: me, inviter };
    expect(joinOutcome({ user, codeOwner: owner, firstLoginHere: true })).toEqual({ kind: 'joined', inviter: owner });
  });

  it('an account with an inviter already is told who it is, whoever sent this link', () => {
    const oldUser = { bsc: me, inviter: other };
    expect(joinOutcome({ user: oldUser, codeOwner: owner, firstLoginHere: false })).toEqual({
      kind: 'already_invited',
      inviter: '0x999...99999',
    });
    // Invited by this very inviter long ago: still not a new join.
    const sameInviter = { bsc: me, inviter };
    expect(joinOutcome({ user: sameInviter, codeOwner: owner, firstLoginHere: false })).toEqual({
      kind: 'already_invited',
      inviter: '0x123...45678',
    });
    // A first login elsewhere under another inviter, whatever this page did.
    expect(joinOutcome({ user: oldUser, codeOwner: owner, firstLoginHere: true }).kind).toBe('already_invited');
  });

  it('an account without an inviter that existed before is told it is too late', () => {
    const user = { bsc: me, inviter: null };
    expect(joinOutcome({ user, codeOwner: owner, firstLoginHere: false })).toEqual({ kind: 'too_late' });
    expect(joinOutcome({ user, codeOwner: null, firstLoginHere: false })).toEqual({ kind: 'too_late' });
  });

  it('a first login with an unknown code joined without an inviter', () => {
    const user = { bsc: me, inviter: null };
    expect(joinOutcome({ user, codeOwner: null, firstLoginHere: true })).toEqual({ kind: 'no_inviter' });
  });

  it('opening one’s own link says so', () => {
    const user = { bsc: '0x1234500000000000000000000000000000045678', inviter: null };
    expect(joinOutcome({ user, codeOwner: owner, firstLoginHere: false })).toEqual({ kind: 'own_code' });
  });
});
