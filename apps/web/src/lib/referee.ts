export const REFEREE_STORAGE_KEY = 'wallx_referee';

/** Invite links carry the inviter's share code as `?code=`; it is kept until the visitor logs in. */
export function captureReferee(search: string, storage: Storage | null = safeStorage()): void {
  const code = new URLSearchParams(search).get('code')?.trim();
  if (!code || code.length > 64) return;
  try {
    storage?.setItem(REFEREE_STORAGE_KEY, code);
  } catch {
    // Then the invite only counts if the visitor logs in from this very page.
  }
}

export function readReferee(storage: Storage | null = safeStorage()): string | null {
  try {
    return storage?.getItem(REFEREE_STORAGE_KEY) || null;
  } catch {
    return null;
  }
}

function safeStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}
