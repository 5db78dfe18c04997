import { shortAddress, type UserInfo } from '@wallx/shared';

/** What /join tells a visitor who is logged in. */
export type JoinOutcome =
  | { kind: 'joined'; inviter: string }
  | { kind: 'already_invited'; inviter: string }
  | { kind: 'too_late' }
  | { kind: 'own_code' }
  | { kind: 'no_inviter' };

/** Whether a shortened address ('0x123...45678', as the server shows a code's owner) stands for `address`. */
export function isShortFor(short: string, address: string): boolean {
  const [head = '', tail] = short.toLowerCase().split('...');
  const full = address.toLowerCase();
  return tail === undefined ? full === head : head.length > 0 && full.startsWith(head) && full.endsWith(tail);
}

type Input = {
  user: Pick<UserInfo, 'bsc' | 'inviter'>;
  /** The owner of the link's code, shortened by the server; null when the code is unknown or missing. */
  codeOwner: string | null;
  /**
   * The visitor, still a guest, pressed connect on this page and the login that followed created the
   * account (the server's `first_login`): only then did this link's code count as the referee.
   */
  firstLoginHere: boolean;
};

/** What a logged-in visitor of /join is told: the server says who the inviter is; the login said whether it was the first. */
export function joinOutcome({ user, codeOwner, firstLoginHere }: Input): JoinOutcome {
  if (codeOwner !== null && isShortFor(codeOwner, user.bsc)) return { kind: 'own_code' };
  if (user.inviter) {
    const isThisInvite = codeOwner !== null && isShortFor(codeOwner, user.inviter);
    if (firstLoginHere && isThisInvite) return { kind: 'joined', inviter: codeOwner };
    return { kind: 'already_invited', inviter: shortAddress(user.inviter) };
  }
  return { kind: firstLoginHere ? 'no_inviter' : 'too_late' };
}
