import i18next from 'i18next';
import { createApiClient } from './api-client';
import { config } from './config';
import { getLanguage } from './i18n';
import { session } from './session-store';

/** The app's one API client: same-origin unless the server configured another API host. */
export const api = createApiClient({
  baseUrl: config.apiHost,
  session,
  getLanguage,
  translate: (key) => i18next.t(key),
});
