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
  cause?: unknown;
};

/** Every way a call can fail, as the console sees it. The message is ready to show (the server words it in the operator's language). */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly code: number;
  readonly status: number;
  readonly field?: string;

  constructor({ code, message, status, field, cause }: ApiErrorInit) {
    super(message, { cause });
    this.code = code;
    this.status = status;
    if (field !== undefined) this.field = field;
  }

  get isUnauthorized(): boolean {
    return this.code === 401 || this.status === 401;
  }
}
