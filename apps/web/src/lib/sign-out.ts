import { session } from './session-store';

/**
 * Ends the session here and, best effort, on the server too: a refresh token left alive would
 * outlast a logout the user asked for. The API client is imported on demand because this runs
 * from the wallet watcher, which is part of the home page bundle.
 */
export function signOut(): void {
  const accessToken = session.getState().token?.access_token;
  session.logout();
  if (!accessToken) return;
  void import('./api')
    .then(({ api }) =>
      api.post('/api/web3/logout', undefined, { auth: false, headers: { Authorization: `Bearer ${accessToken}` } }),
    )
    .catch(() => undefined);
}
