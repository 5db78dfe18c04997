import {
  errorCatalog,
  errorOf,
  queryString as toQueryString,
  sendRequest,
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

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Query;
  signal?: AbortSignal;
  /** Sends the operator's token; true for every call but the login. */
  auth?: boolean;
  /** More headers (an Idempotency-Key). */
  headers?: Record<string, string>;
};

export type ApiClient = {
  request<T>(path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  post<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  put<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  delete<T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
};

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
  const { baseUrl, session, getLanguage, translate, timeoutMs = 10_000 } = options;
  const fetchImpl = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));

  async function request<T>(path: string, request: RequestOptions = {}): Promise<T> {
    const auth = request.auth ?? true;
    const token = auth ? session.getState().session?.token : undefined;
    const headers: Record<string, string> = {
      ...request.headers,
      Accept: 'application/json',
      'Accept-Language': getLanguage(),
    };
    if (token) headers.Authorization = `Bearer ${token}`;
    const answer = await sendRequest(`${baseUrl}${path}${queryString(request.query)}`, {
      fetch: fetchImpl,
      method: request.method ?? 'GET',
      headers,
      body: request.body,
      signal: request.signal,
      timeoutMs,
      translate,
    });
    if (answer.envelope.code === 0 && answer.status < 400) return answer.envelope.data as T;
    const error = errorOf(answer);
    // Only a refusal of the token this call sent ends the session: a late answer to an old
    // session's call must not log out the session that replaced it.
    const isSessionRefused = error.isUnauthorized || error.code === errorCatalog.operator_session_invalid.code;
    if (token && isSessionRefused && session.getState().session?.token === token) session.expire();
    throw error;
  }

  return {
    request,
    get: (path, options) => request(path, { ...options, method: 'GET' }),
    post: (path, body, options) => request(path, { ...options, method: 'POST', body }),
    put: (path, body, options) => request(path, { ...options, method: 'PUT', body }),
    delete: (path, options) => request(path, { ...options, method: 'DELETE' }),
  };
}
