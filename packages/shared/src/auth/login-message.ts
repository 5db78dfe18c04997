/** The exact message the wallet signs to log in; the spec fixes its text. */
export const LOGIN_MESSAGE_PREFIX = 'Welcome to wallx! Please sign this message to login. Nonce: ';

/** A signed login message stays valid this long around the server clock. */
export const LOGIN_MESSAGE_MAX_AGE_MS = 5 * 60 * 1000;

export function buildLoginMessage(timestampMs: number): string {
  return `${LOGIN_MESSAGE_PREFIX}${timestampMs}`;
}

/** The timestamp of a well-formed login message, or null. */
export function parseLoginMessage(message: string): number | null {
  if (!message.startsWith(LOGIN_MESSAGE_PREFIX)) return null;
  const nonce = message.slice(LOGIN_MESSAGE_PREFIX.length);
  if (!/^\d{1,16}$/.test(nonce)) return null;
  return Number(nonce);
}
