import type { ErrorKey } from '@wallx/shared';

/**
 * The one error type services throw for anything a user can cause. The error handler turns it into
 * the envelope: stable code, HTTP status, message in the caller's language.
 */
export class AppError extends Error {
  override name = 'AppError';
  readonly key: ErrorKey;
  readonly field: string | undefined;
  readonly params: Record<string, string | number>;
  readonly headers: Record<string, string>;
  /** More the client needs to act on the refusal, answered in the envelope's data beside the field. */
  readonly data: Record<string, unknown>;

  constructor(
    key: ErrorKey,
    options: {
      field?: string;
      params?: Record<string, string | number>;
      headers?: Record<string, string>;
      data?: Record<string, unknown>;
      cause?: unknown;
    } = {},
  ) {
    super(key, { cause: options.cause });
    this.key = key;
    this.field = options.field;
    this.params = options.params ?? {};
    this.headers = options.headers ?? {};
    this.data = options.data ?? {};
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
