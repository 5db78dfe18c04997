import { describe, expect, it } from 'vitest';
import { LOGIN_MESSAGE_MAX_AGE_MS } from '@wallx/shared';
import { isShortFor, joinOutcome } from './join-outcome';

const me = '0x00000000000000000000000000000000000000aa';
const inviter = '0x1234567890abcdef1234567890abcdef12345678';
const other = '0x9999999999999999999999999999999999999999';
/** How the server shows the code's owner. */
const owner = '0x123...45678';
const connectedAt = Date.parse('2025-05-20T10:00:00Z');
const justNow = '2025-05-20T10:00:03.000Z';
const longAgo = '2024-01-01T00:00:00.000Z';

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
    const user = { bsc: me, inviter, created_at: justNow };
    expect(joinOutcome({ user, codeOwner: owner, connectedAt })).toEqual({ kind: 'joined', inviter: owner });
  });

  it('an account with an inviter already is told who it is, whoever sent this link', () => {
    const oldUser = { bsc: me, inviter: other, created_at: longAgo };
    expect(joinOutcome({ user: oldUser, codeOwner: owner, connectedAt })).toEqual({ kind: 'already_invited', inviter: '0x999...99999' });
    // Invited by this very inviter long ago: still not a new join.
    const sameInviter = { bsc: me, inviter, created_at: longAgo };
    expect(joinOutcome({ user: sameInviter, codeOwner: owner, connectedAt })).toEqual({ kind: 'already_invited', inviter: '0x123...45678' });
    // Logged in before opening the link.
    expect(joinOutcome({ user: { ...sameInviter, created_at: justNow }, codeOwner: owner, connectedAt: null }).kind).toBe('already_invited');
  });

  it('an account without an inviter that existed before is told it is too late', () => {
    const user = { bsc: me, inviter: null, created_at: longAgo };
    expect(joinOutcome({ user, codeOwner: owner, connectedAt })).toEqual({ kind: 'too_late' });
    expect(joinOutcome({ user, codeOwner: null, connectedAt: null })).toEqual({ kind: 'too_late' });
  });

  it('a first login with an unknown code joined without an inviter', () => {
    const user = { bsc: me, inviter: null, created_at: justNow };
    expect(joinOutcome({ user, codeOwner: null, connectedAt })).toEqual({ kind: 'no_inviter' });
  });

  it('opening one’s own link says so', () => {
    const user = { bsc: '0x1234500000000000000000000000000000045678', inviter: null, created_at: longAgo };
    expect(joinOutcome({ user, codeOwner: owner, connectedAt: null })).toEqual({ kind: 'own_code' });
  });

  it('allows the phone’s clock to be off by as much as a login message may be', () => {
    const slack = (ms: number) => new Date(connectedAt - ms).toISOString();
    const user = (created_at: string) => ({ bsc: me, inviter, created_at });
    expect(joinOutcome({ user: user(slack(LOGIN_MESSAGE_MAX_AGE_MS)), codeOwner: owner, connectedAt }).kind).toBe('joined');
    expect(joinOutcome({ user: user(slack(LOGIN_MESSAGE_MAX_AGE_MS + 1000)), codeOwner: owner, connectedAt }).kind).toBe('already_invited');
  });
});
