import { LOGIN_MESSAGE_MAX_AGE_MS, shortAddress, type UserInfo } from '@wallx/shared';

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
  user: Pick<UserInfo, 'bsc' | 'inviter' | 'created_at'>;
  /** The owner of the link's code, shortened by the server; null when the code is unknown or missing. */
  codeOwner: string | null;
  /** When the visitor, still a guest, pressed connect on this page; null when they arrived logged in. */
  connectedAt: number | null;
};

/**
 * The server says who the inviter is, not whether this login was the first. An account created
 * after the visitor pressed connect here was: the server takes a login message only within
 * LOGIN_MESSAGE_MAX_AGE_MS of its own clock, so a login that succeeded proves the phone's clock
 * is no further off than that, and `created_at` cannot lie earlier than connectedAt minus it.
 */
export function joinOutcome({ user, codeOwner, connectedAt }: Input): JoinOutcome {
  if (codeOwner !== null && isShortFor(codeOwner, user.bsc)) return { kind: 'own_code' };
  const isFirstLogin = connectedAt !== null && Date.parse(user.created_at) >= connectedAt - LOGIN_MESSAGE_MAX_AGE_MS;
  if (user.inviter) {
    const isThisInvite = codeOwner !== null && isShortFor(codeOwner, user.inviter);
    if (isFirstLogin && isThisInvite) return { kind: 'joined', inviter: codeOwner };
    return { kind: 'already_invited', inviter: shortAddress(user.inviter) };
  }
  return { kind: isFirstLogin ? 'no_inviter' : 'too_late' };
}
