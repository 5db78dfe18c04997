import { useEffect, useState } from 'react';
import { config } from '../../lib/config';
import { isLoggedIn, useSession } from '../../lib/session-store';

/**
 * Whether a signed-in read's data has `field` equal to `value`: home's check-in reminder (today's
 * check-in is null) and the companion's card (not available here, issue 49). A bare fetch (the API
 * client stays out of home's download): a guest, an expired token or any failure gives false, never
 * an error; the next screen that calls the API refreshes the token.
 */
export function useSignedInFlag(path: string, field: string, value: unknown): boolean {
  const token = useSession((s) => (isLoggedIn(s) ? (s.token?.access_token ?? null) : null));
  const [flagged, setFlagged] = useState<string | null>(null);
  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    fetch(`${config.apiHost}${path}`, {
      headers: { Authorization: `Bearer ${token}` },
      signal: AbortSignal.any([controller.signal, AbortSignal.timeout(5000)]),
    })
      .then((response) => response.json() as Promise<{ code?: number; data?: Record<string, unknown> }>)
      .then((body) => {
        if (body.code === 0 && body.data) setFlagged(body.data[field] === value ? token : null);
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [path, field, value, token]);
  // Flagged for this token only: another session's answer says nothing of this one.
  return token !== null && flagged === token;
}
