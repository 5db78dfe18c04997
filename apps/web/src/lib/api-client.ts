import {
  ApiError,
  errorOf,
  queryString,
  sendRequest,
  type Answer,
  type Token,
  type TransportMessageKey,
} from '@wallx/shared';
import type { SessionStore } from './session-store';

export type FallbackMessageKey = TransportMessageKey | 'errors.unauthorized';

export type ApiClientOptions = {
  /** Origin of the API, '' for the page's own origin. */
  baseUrl: string;
  session: SessionStore;
  getLanguage: () => string;
  /** Messages for failures the server could not word for us. */
  translate: (key: FallbackMessageKey) => string;
  fetch?: typeof fetch;
  timeoutMs?: number;
};

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | null | undefined>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Sends the access token and refreshes it on 401; true unless the call is public. */
  auth?: boolean;
  /** Lets the request outlive the page: a last word sent as the tab closes (where a course stopped). */
  keepalive?: boolean;
};

export type ApiClient = {
  request<T>(path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  post<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  /**
   * An access token to use instead of `used`, which the server refused or which runs out: the
   * session's newer one if a refresh already replaced it, else a refreshed one (the same single
   * refresh every call waits for). For what talks to the API outside `request`: the event stream.
   */
  freshToken(used: string): Promise<string>;
};

export const REFRESH_PATH = '/api/web3/refresh_token';

function isToken(value: unknown): value is Token {
  const token = value as Partial<Token> | null | undefined;
  return (
    typeof token?.access_token === 'string' && token.access_token !== '' && typeof token.refresh_token === 'string'
  );
}

function isUnauthorized({ status, envelope }: Answer): boolean {
  return status === 401 || envelope.code === 401;
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const { baseUrl, session, getLanguage, translate, timeoutMs = 5000 } = options;
  const fetchImpl = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));

  /** One refresh at a time: every 401 that arrives while it runs waits for it. */
  let refreshing: Promise<string> | null = null;

  function send(path: string, request: RequestOptions, bearer: string | undefined): Promise<Answer> {
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'Accept-Language': getLanguage(),
      ...request.headers,
    };
    if (bearer) headers.Authorization = `Bearer ${bearer}`;
    return sendRequest(`${baseUrl}${path}${queryString(request.query)}`, {
      fetch: fetchImpl,
      method: request.method ?? 'GET',
      headers,
      body: request.body,
      signal: request.signal,
      keepalive: request.keepalive,
      timeoutMs,
      translate,
    });
  }

  async function refresh(): Promise<string> {
    const refreshToken = session.getState().token?.refresh_token;
    const unauthorized = () => new ApiError({ code: 401, status: 401, message: translate('errors.unauthorized') });
    if (!refreshToken) {
      session.expire();
      throw unauthorized();
    }
    // A network failure rejects the waiting calls but keeps the session: the refresh token may
    // still be unspent, and the next call will try again.
    const answer = await send(REFRESH_PATH, { method: 'POST', auth: false }, refreshToken);
    const stillSameSession = session.getState().token?.refresh_token === refreshToken;
    const token = answer.envelope.data;
    if (isUnauthorized(answer) || answer.envelope.code > 0 || !isToken(token)) {
      if (stillSameSession) session.expire();
      throw errorOf(answer);
    }
    // Logged out (or into another wallet) while the refresh was on its way: do not revive it.
    if (!stillSameSession) throw unauthorized();
    session.setToken(token);
    return token.access_token;
  }

  function refreshOnce(): Promise<string> {
    refreshing ??= refresh().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const auth = options.auth ?? true;
    const usedToken = auth ? session.getState().token?.access_token : undefined;
    let answer = await send(path, options, usedToken);

    if (auth && isUnauthorized(answer)) {
      const currentToken = session.getState().token?.access_token;
      if (!usedToken || !currentToken) {
        // Never logged in, or logged out while the call was on its way: nothing to refresh.
        if (!currentToken) session.openConnectBox();
        throw errorOf(answer);
      }
      // A refresh finished while this call was in flight: replay with its token straight away.
      const nextToken = currentToken !== usedToken ? currentToken : await refreshOnce();
      answer = await send(path, options, nextToken);
      if (isUnauthorized(answer)) {
        // Refreshed once and still refused: the spec allows one attempt, so the session ends.
        if (session.getState().token?.access_token === nextToken) session.expire();
        throw errorOf(answer);
      }
    }

    if (answer.envelope.code !== 0 || answer.status >= 400) throw errorOf(answer);
    return answer.envelope.data as T;
  }

  async function freshToken(used: string): Promise<string> {
    const current = session.getState().token?.access_token;
    if (!current) throw new ApiError({ code: 401, status: 401, message: translate('errors.unauthorized') });
    return current !== used ? current : refreshOnce();
  }

  return {
    request,
    freshToken,
    get: (path, options) => request(path, { ...options, method: 'GET' }),
    post: (path, body, options) => request(path, { ...options, method: 'POST', body }),
  };
}
