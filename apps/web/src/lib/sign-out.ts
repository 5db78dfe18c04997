import type { LogoutRequest } from '@wallx/shared';
import { session } from './session-store';

/**
 * Ends the session here and, best effort, on the server too: a refresh token left alive would
 * outlast a logout the user asked for. The refresh token goes along, so the server ends the session
 * even when the access token has already expired. The API client is imported on demand because
 * this runs from the wallet watcher, which is part of the home page bundle.
 */
export function signOut(): void {
  const token = session.getState().token;
  session.logout();
  if (!token) return;
  const body: LogoutRequest = { refresh_token: token.refresh_token };
  void import('./api')
    .then(({ api }) =>
      api.post('/api/web3/logout', body, { auth: false, headers: { Authorization: `Bearer ${token.access_token}` } }),
    )
    .catch(() => undefined);
}
