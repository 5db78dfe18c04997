export const REFEREE_STORAGE_KEY = 'wallx_referee';

/**
 * Invite links carry the inviter's share code as `?code=`; it is kept and sent with every login, since
 * the server applies a referee only at an account's first login and ignores it afterwards.
 */
export function captureReferee(search: string, storage: Storage | null = safeStorage()): void {
  const code = refereeOf(search);
  if (code) storeReferee(code, storage);
}

/** The invite code of a join link's query, if it carries a plausible one. */
export function refereeOf(search: string): string | null {
  const code = new URLSearchParams(search).get('code')?.trim();
  return code && code.length <= 64 ? code : null;
}

/** Keeps a code for the next login (the connect dialog sends it as `referee`). */
export function storeReferee(code: string, storage: Storage | null = safeStorage()): void {
  try {
    storage?.setItem(REFEREE_STORAGE_KEY, code);
  } catch {
    // Then the invite only counts if the visitor logs in from this very page.
  }
}

/** Local storage, where the browser lets us have it. */
export function safeStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}
