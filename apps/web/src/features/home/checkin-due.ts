import { useEffect, useState } from 'react';
import { config } from '../../lib/config';
import { isLoggedIn, useSession } from '../../lib/session-store';

/**
 * Whether a signed-in user has not checked in today, for home's reminder. A bare fetch, as home's
 * content is (the API client stays out of home's download): an expired token or any failure shows
 * no reminder, never an error, and the token is refreshed by the next screen that calls the API.
 */
export function useCheckinDue(): boolean {
  const token = useSession((s) => (isLoggedIn(s) ? (s.token?.access_token ?? null) : null));
  const [due, setDue] = useState<{ token: string; isDue: boolean } | null>(null);
  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    fetch(`${config.apiHost}/api/checkins/today`, {
      headers: { Authorization: `Bearer ${token}` },
      signal: AbortSignal.any([controller.signal, AbortSignal.timeout(5000)]),
    })
      .then((response) => response.json() as Promise<{ code?: number; data?: { checkin?: unknown } }>)
      .then((body) => {
        if (body.code === 0 && body.data) setDue({ token, isDue: body.data.checkin === null });
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [token]);
  return Boolean(token) && due?.token === token && due.isDue;
}
