import { REFEREE_STORAGE_KEY, safeStorage } from './referee';

// Apart from lib/referee (which every page loads to keep an invite link's code): only the login and
// /join read or drop a kept code.

/** An invite code the server does not know is dropped, so the login goes without a referee. */
export function forgetReferee(storage: Storage | null = safeStorage()): void {
  try {
    storage?.removeItem(REFEREE_STORAGE_KEY);
  } catch {
    // Nothing stored, then.
  }
}

export function readReferee(storage: Storage | null = safeStorage()): string | null {
  try {
    return storage?.getItem(REFEREE_STORAGE_KEY) || null;
  } catch {
    return null;
  }
}
