import { errorCatalog, type Envelope } from '@wallx/shared';
import { ApiError, NETWORK_ERROR_CODE, TIMEOUT_ERROR_CODE } from './api-error';
import type { OperatorSessionStore } from './session-store';

export type FallbackMessageKey = 'errors.network' | 'errors.timeout' | 'errors.internal';

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

export type Query = Record<string, string | number | boolean | null | undefined>;

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Query;
  signal?: AbortSignal;
  /** Sends the operator's token; true for every call but the login. */
  auth?: boolean;
};

export type ApiClient = {
  request<T>(path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  post<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
};

function isEnvelope(value: unknown): value is Envelope<unknown> {
  const candidate = value as { code?: unknown; message?: unknown } | null;
  return typeof candidate === 'object' && candidate !== null && typeof candidate.code === 'number' && typeof candidate.message === 'string';
}

function fieldOf(envelope: Envelope<unknown>): string | undefined {
  const field = (envelope.data as { field?: unknown } | null | undefined)?.field;
  return typeof field === 'string' ? field : undefined;
}

export function queryString(query: Query | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    // An empty filter is no filter: the server would refuse '' where it wants an address.
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `?${search}` : '';
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
    const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': getLanguage() };
    if (token) headers.Authorization = `Bearer ${token}`;
    const hasBody = request.body !== undefined;
    if (hasBody) headers['Content-Type'] = 'application/json';

    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const callerSignal = request.signal;
    const forwardAbort = () => controller.abort(callerSignal?.reason);
    callerSignal?.addEventListener('abort', forwardAbort, { once: true });

    let status: number;
    let envelope: Envelope<unknown>;
    try {
      if (callerSignal?.aborted) throw callerSignal.reason;
      const response = await fetchImpl(`${baseUrl}${path}${queryString(request.query)}`, {
        method: request.method ?? 'GET',
        headers,
        body: hasBody ? JSON.stringify(request.body) : null,
        signal: controller.signal,
      });
      status = response.status;
      let payload: unknown;
      try {
        payload = await response.json();
      } catch (cause) {
        // A proxy's HTML error page or a cut connection: there is no envelope to read.
        throw new ApiError({ code: status || NETWORK_ERROR_CODE, status, message: translate(status >= 500 ? 'errors.internal' : 'errors.network'), cause });
      }
      if (!isEnvelope(payload)) throw new ApiError({ code: status || NETWORK_ERROR_CODE, status, message: translate('errors.internal') });
      envelope = payload;
    } catch (error) {
      if (error instanceof ApiError) throw error;
      if (callerSignal?.aborted && !timedOut) throw error;
      if (timedOut) throw new ApiError({ code: TIMEOUT_ERROR_CODE, status: 0, message: translate('errors.timeout'), cause: error });
      throw new ApiError({ code: NETWORK_ERROR_CODE, status: 0, message: translate('errors.network'), cause: error });
    } finally {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', forwardAbort);
    }

    if (envelope.code === 0 && status < 400) return envelope.data as T;
    const field = fieldOf(envelope);
    const error = new ApiError({ code: envelope.code, message: envelope.message, status, ...(field !== undefined && { field }) });
    // Only a refusal of the token this call sent ends the session: a late answer to an old
    // session's call must not log out the session that replaced it.
    const isSessionRefused = error.isUnauthorized || error.code === errorCatalog.operator_session_invalid.code;
    if (token && isSessionRefused && session.getState().session?.token === token) session.expire();
    return Promise.reject(error);
  }

  return {
    request,
    get: (path, options) => request(path, { ...options, method: 'GET' }),
    post: (path, body, options) => request(path, { ...options, method: 'POST', body }),
  };
}
