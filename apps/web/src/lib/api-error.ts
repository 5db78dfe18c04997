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
