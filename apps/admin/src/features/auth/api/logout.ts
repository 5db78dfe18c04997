import { api } from '../../../lib/api';
import { sessionStore } from '../../../lib/session-store';

/** Ends the session on the server, then here, whatever the server said: the operator asked to leave. */
export async function logout(): Promise<void> {
  try {
    await api.post('/api/admin/auth/logout');
  } catch {
    // Already expired, or the network is down: the token is dropped here all the same.
  } finally {
    sessionStore.end();
  }
}
