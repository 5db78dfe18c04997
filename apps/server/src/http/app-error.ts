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

  constructor(
    key: ErrorKey,
    options: {
      field?: string;
      params?: Record<string, string | number>;
      headers?: Record<string, string>;
      cause?: unknown;
    } = {},
  ) {
    super(key, { cause: options.cause });
    this.key = key;
    this.field = options.field;
    this.params = options.params ?? {};
    this.headers = options.headers ?? {};
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
