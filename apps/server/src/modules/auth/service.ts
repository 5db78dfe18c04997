import { createLogin } from './login.js';
import { createSessions } from './sessions.js';
import { createSignedMessages } from './signed-messages.js';
import type { AuthDeps } from './deps.js';
export type { AuthDeps, LoginClient, LoginInput, TeamJoin } from './deps.js';

export { newShareCode } from './login.js';

/** Sign-in and sessions, one use case a file: signed messages (signed-messages.ts), the sign-in (login.ts), the sessions (sessions.ts). */
export function createAuthService(deps: AuthDeps) {
  const messages = createSignedMessages(deps);
  const { confirmAction, confirmSigned, nonce } = messages;
  return { confirmAction, confirmSigned, nonce, ...createLogin(deps, messages), ...createSessions(deps) };
}
export type AuthService = ReturnType<typeof createAuthService>;
