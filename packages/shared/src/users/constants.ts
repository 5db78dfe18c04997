/** The console's Users rules as plain values (no zod): the console's bundle loads none. */

/**
 * What `q` may be: a whole wallet address, at least 6 hex characters of its start (with or without
 * 0x), or a share code. Anything shorter would match thousands of users and could not use an index.
 */
export const USER_SEARCH_MIN_HEX = 6;
const SHARE_CODE_PATTERN = /^[A-HJ-NP-Z2-9]{8}$/i;
const ADDRESS_PREFIX_PATTERN = new RegExp(`^(0x)?[0-9a-f]{${USER_SEARCH_MIN_HEX},40}$`, 'i');

export type UserSearch = { addressPrefix: string | null; shareCode: string | null };

/** What a search text can match; both null: it matches nothing and is refused. */
export function parseUserSearch(q: string): UserSearch {
  const text = q.trim();
  const hex = ADDRESS_PREFIX_PATTERN.test(text) ? text.toLowerCase().replace(/^0x/, '') : null;
  return {
    addressPrefix: hex === null ? null : `0x${hex}`,
    shareCode: SHARE_CODE_PATTERN.test(text) ? text.toUpperCase() : null,
  };
}

/** A freeze or unfreeze says why, in the audit row. */
export const FREEZE_REASON_MIN = 3;
export const FREEZE_REASON_MAX = 500;
export const FREEZE_REASON = { min: FREEZE_REASON_MIN, max: FREEZE_REASON_MAX } as const;
