import { createApiClientCore, type ApiClientCore, type RequestOptions } from '@wallx/client';
import {
  errorCatalog,
  errorOf,
  queryString as toQueryString,
  type Query,
  type TransportMessageKey,
} from '@wallx/shared';
import type { OperatorSessionStore } from './session-store';

export type FallbackMessageKey = TransportMessageKey;

export type ApiClientOptions = {
  /** Origin of the API, '' for the page's own origin. */
  baseUrl: string;
  session: OperatorSessionStore;
  getLanguage: () => string;
  /** Messages for failures the server could not word for us. */
  translate: (key: FallbackMessageKey) => string;
  fetch?: typeof fetch;
  timeoutMs?: number;
};

export type { RequestOptions };
export type ApiClient = Omit<ApiClientCore, 'send'>;

/** The query of a table's filters: an empty filter is no filter (the server would refuse '' where it wants an address). */
export function queryString(query: Query | undefined): string {
  return toQueryString(Object.fromEntries(Object.entries(query ?? {}).filter(([, value]) => value !== '')));
}

/**
 * The console's API client: the app's envelope and errors, without the app's refresh dance. An
 * operator session is short and is not refreshed: any refusal of the token ends it, and the
 * operator signs in again.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const { session, timeoutMs = 10_000 } = options;
  return createApiClientCore({
    ...options,
    timeoutMs,
    queryString,
    authorization: {
      token: () => session.getState().session?.token,
      isRefused(answer) {
        const error = errorOf(answer);
        return error.isUnauthorized || error.code === errorCatalog.operator_session_invalid.code;
      },
      // Only a refusal of the token this call sent ends the session: a late answer to an old
      // session's call must not log out the session that replaced it.
      async onRefused(answer, used) {
        if (used && session.getState().session?.token === used) session.expire();
        return answer;
      },
    },
  });
}
