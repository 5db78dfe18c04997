import i18next from 'i18next';
import { createApiClient } from './api-client';
import { getLanguage } from './i18n';
import { sessionStore } from './session-store';

/**
 * The console's one API client. The console is served by the API server itself, so it calls its
 * own origin (no runtime config, no inline script in its page).
 */
export const api = createApiClient({
  baseUrl: '',
  session: sessionStore,
  getLanguage,
  translate: (key) => i18next.t(key),
});
