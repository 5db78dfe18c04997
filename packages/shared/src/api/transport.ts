import type { Envelope } from './envelope.js';

// One way to call the API from a browser, shared by the app and the console: the envelope read,
// the time limit, the caller's cancellation, and every failure turned into an ApiError. Each app
// keeps its own session policy above it (the app refreshes its token, the console does not).

/** Codes for failures that never reached the API, beside the server's own (see errorCatalog). */
export const NETWORK_ERROR_CODE = -1;
export const TIMEOUT_ERROR_CODE = -2;

export type ApiErrorInit = {
  code: number;
  message: string;
  /** HTTP status; 0 when no answer arrived. */
  status: number;
  /** The request field the server named as invalid. */
  field?: string;
  /** The refusal's data as the server sent it (e.g. course_unavailable's `locked_by`). */
  data?: Readonly<Record<string, unknown>>;
  cause?: unknown;
};

/** Every way a call can fail, as the caller sees it. The message is ready to show (already translated). */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly code: number;
  readonly status: number;
  readonly field?: string;
  readonly data?: Readonly<Record<string, unknown>>;

  constructor({ code, message, status, field, data, cause }: ApiErrorInit) {
    super(message, { cause });
    this.code = code;
    this.status = status;
    if (field !== undefined) this.field = field;
    if (data !== undefined) this.data = data;
  }

  get isUnauthorized(): boolean {
    return this.code === 401 || this.status === 401;
  }
}

/** The texts of failures the server could not word: the caller's catalog says them. */
export type TransportMessageKey = 'errors.network' | 'errors.timeout' | 'errors.internal';

export type Answer = { status: number; envelope: Envelope<unknown> };

export type Query = Record<string, string | number | boolean | null | undefined>;

export type SendOptions = {
  fetch: typeof fetch;
  method?: string;
  headers: Record<string, string>;
  body?: unknown;
  signal?: AbortSignal | undefined;
  keepalive?: boolean | undefined;
  timeoutMs: number;
  translate: (key: TransportMessageKey) => string;
};

function isEnvelope(value: unknown): value is Envelope<unknown> {
  const candidate = value as { code?: unknown; message?: unknown } | null;
  return (
    typeof candidate === 'object' &&
    candidate !== null &&
    typeof candidate.code === 'number' &&
    typeof candidate.message === 'string'
  );
}

/** `?a=1&b=2` of the values given (undefined and null are left out), or ''. */
export function queryString(query: Query | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** The answer's envelope, whatever its code; an ApiError when no envelope came back. */
export async function sendRequest(url: string, options: SendOptions): Promise<Answer> {
  const { translate } = options;
  const headers = { ...options.headers };
  const hasBody = options.body !== undefined;
  // A file (the console's image upload) goes as it is, with its own type; anything else as JSON.
  const isFile = typeof Blob !== 'undefined' && options.body instanceof Blob;
  if (hasBody)
    headers['Content-Type'] = isFile ? (options.body as Blob).type || 'application/octet-stream' : 'application/json';

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs);
  const callerSignal = options.signal;
  const forwardAbort = () => controller.abort(callerSignal?.reason);
  callerSignal?.addEventListener('abort', forwardAbort, { once: true });

  try {
    if (callerSignal?.aborted) throw callerSignal.reason;
    const response = await options.fetch(url, {
      method: options.method ?? 'GET',
      headers,
      body: isFile ? (options.body as Blob) : hasBody ? JSON.stringify(options.body) : null,
      signal: controller.signal,
      ...(options.keepalive && { keepalive: true }),
    });
    let payload: unknown;
    try {
      payload = await response.json();
    } catch (cause) {
      // A proxy's HTML error page or a cut connection: there is no envelope to read.
      const key: TransportMessageKey = response.status >= 500 ? 'errors.internal' : 'errors.network';
      throw new ApiError({
        code: response.status || NETWORK_ERROR_CODE,
        status: response.status,
        message: translate(key),
        cause,
      });
    }
    if (!isEnvelope(payload)) {
      throw new ApiError({
        code: response.status || NETWORK_ERROR_CODE,
        status: response.status,
        message: translate('errors.internal'),
      });
    }
    return { status: response.status, envelope: payload };
  } catch (error) {
    if (error instanceof ApiError) throw error;
    // The caller cancelled (e.g. the query unmounted): let its own abort reason through.
    if (callerSignal?.aborted && !timedOut) throw error;
    if (timedOut)
      throw new ApiError({ code: TIMEOUT_ERROR_CODE, status: 0, message: translate('errors.timeout'), cause: error });
    throw new ApiError({ code: NETWORK_ERROR_CODE, status: 0, message: translate('errors.network'), cause: error });
  } finally {
    clearTimeout(timer);
    callerSignal?.removeEventListener('abort', forwardAbort);
  }
}

/** A refusal as an ApiError: the server's message, the field it named and its data. */
export function errorOf({ status, envelope }: Answer): ApiError {
  const { data } = envelope;
  const record =
    typeof data === 'object' && data !== null && !Array.isArray(data) ? (data as Record<string, unknown>) : undefined;
  const field = typeof record?.field === 'string' ? record.field : undefined;
  return new ApiError({
    code: envelope.code,
    message: envelope.message,
    status,
    ...(field !== undefined && { field }),
    ...(record && { data: record }),
  });
}
