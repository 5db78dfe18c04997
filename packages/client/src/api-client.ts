import { errorOf, queryString, sendRequest, type Answer, type Query, type TransportMessageKey } from '@wallx/shared';

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Query;
  /** More headers (an Idempotency-Key). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Sends the session's token (and lets its owner deal with a refusal of it); true unless the call is public. */
  auth?: boolean;
  /** Lets the request outlive the page: a last word sent as the tab closes (where a course stopped). */
  keepalive?: boolean;
};

type Call = Omit<RequestOptions, 'method' | 'body'>;

/**
 * How a client's session takes part in its calls: the app refreshes a refused token and replays
 * the call, the console ends its session. The client only sends the token and hands over a refusal.
 */
export type Authorization = {
  /** The token a call sends, if the session has one. */
  token(): string | undefined;
  /** Whether a failed answer refuses the token. */
  isRefused(answer: Answer): boolean;
  /**
   * What comes of a refusal of `used` (undefined: no token was sent): the answer the call ends
   * with (a replay's, through `replay`), or a throw.
   */
  onRefused(answer: Answer, used: string | undefined, replay: (token: string) => Promise<Answer>): Promise<Answer>;
};

export type ApiClientCoreOptions = {
  /** Origin of the API, '' for the page's own origin. */
  baseUrl: string;
  getLanguage: () => string;
  /** Messages for failures the server could not word for us. */
  translate: (key: TransportMessageKey) => string;
  authorization: Authorization;
  timeoutMs: number;
  fetch?: typeof fetch;
  /** The query string of a call's query (the shared one unless said). */
  queryString?: (query: Query | undefined) => string;
};

export type ApiClientCore = {
  request<T>(path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, options?: Call): Promise<T>;
  post<T>(path: string, body?: unknown, options?: Call): Promise<T>;
  put<T>(path: string, body?: unknown, options?: Call): Promise<T>;
  delete<T>(path: string, options?: Call): Promise<T>;
  /** One exchange with the API with `bearer` as the token, answered as it comes (a refresh's). */
  send(path: string, request: RequestOptions, bearer: string | undefined): Promise<Answer>;
};

function isFailure({ status, envelope }: Answer): boolean {
  return envelope.code !== 0 || status >= 400;
}

/**
 * The API client of the app and the console: the envelope, the errors in the caller's language,
 * the bearer token; what a refused token leads to is the session's (`authorization`).
 */
export function createApiClientCore(options: ApiClientCoreOptions): ApiClientCore {
  const { baseUrl, getLanguage, translate, authorization, timeoutMs, queryString: toQuery = queryString } = options;
  const fetchImpl = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));

  function send(path: string, request: RequestOptions, bearer: string | undefined): Promise<Answer> {
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'Accept-Language': getLanguage(),
      ...request.headers,
    };
    if (bearer) headers.Authorization = `Bearer ${bearer}`;
    return sendRequest(`${baseUrl}${path}${toQuery(request.query)}`, {
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

  async function request<T>(path: string, request: RequestOptions = {}): Promise<T> {
    const auth = request.auth ?? true;
    const used = auth ? authorization.token() : undefined;
    let answer = await send(path, request, used);
    if (auth && isFailure(answer) && authorization.isRefused(answer)) {
      answer = await authorization.onRefused(answer, used, (token) => send(path, request, token));
    }
    if (isFailure(answer)) throw errorOf(answer);
    return answer.envelope.data as T;
  }

  return {
    request,
    send,
    get: (path, options) => request(path, { ...options, method: 'GET' }),
    post: (path, body, options) => request(path, { ...options, method: 'POST', body }),
    put: (path, body, options) => request(path, { ...options, method: 'PUT', body }),
    delete: (path, options) => request(path, { ...options, method: 'DELETE' }),
  };
}
