import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { errorCatalog, type ErrorEnvelope } from '@wallx/shared';
import { translate } from '@wallx/shared/i18n/catalogs';
import { AppError, isAppError } from '../errors/app-error.js';
import { requestLanguage } from './language.js';

/** The field a validation issue points at, as the client named it: `amount`, `items.0.id`. */
function fieldOf(error: FastifyError): string | undefined {
  const issue = error.validation?.[0] as
    { instancePath?: string; params?: { issue?: { path?: unknown[] } } } | undefined;
  const zodPath = issue?.params?.issue?.path;
  if (Array.isArray(zodPath) && zodPath.length > 0) return zodPath.join('.');
  const instancePath = issue?.instancePath?.replace(/^\//, '').replaceAll('/', '.');
  return instancePath || error.validationContext;
}

function toAppError(error: FastifyError): AppError | null {
  if (isAppError(error)) return error;
  if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
    const field = fieldOf(error);
    return new AppError('invalid_params', field ? { field } : {});
  }
  // Fastify's own client errors: malformed JSON, wrong content type, body too large…
  if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
    return new AppError('invalid_request', { cause: error });
  }
  return null;
}

type ErrorAnswerWatcher = (request: FastifyRequest, appError: AppError, status: number) => void;
let watcher: ErrorAnswerWatcher | undefined;

/** The tests watch every error answer: each must be one the document declares for its route (test/declared-errors.ts). */
export function watchErrorAnswers(watch: ErrorAnswerWatcher | undefined) {
  watcher = watch;
}

export function sendError(request: FastifyRequest, reply: FastifyReply, appError: AppError, status?: number) {
  const language = requestLanguage(request);
  const { code, status: catalogStatus } = errorCatalog[appError.key];
  watcher?.(request, appError, status ?? catalogStatus);
  const message =
    appError.key === 'invalid_params' && appError.field
      ? translate(language, 'errors.invalid_params_field', { field: appError.field })
      : translate(language, `errors.${appError.key}`, appError.params);
  const body: ErrorEnvelope = { code, message };
  if (appError.field) body.data = { field: appError.field };
  if (Object.keys(appError.data).length > 0) body.data = { ...body.data, ...appError.data };
  if (appError.key === 'rate_limited' && appError.params.seconds !== undefined) {
    body.data = { ...body.data, retry_after_seconds: Number(appError.params.seconds) };
  }
  return reply
    .code(status ?? catalogStatus)
    .headers(appError.headers)
    .type('application/json; charset=utf-8')
    .serializer(JSON.stringify)
    .send(body);
}

/**
 * Errors the router raises before any route runs (a URL that does not decode, a path parameter over
 * the router's length limit): the same envelope as every other error, with the router's status.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status =
    typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  return sendError(request, reply, new AppError('invalid_request', { cause: error }), status);
}

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const appError = toAppError(error);
    if (appError) {
      // Keep Fastify's own 4xx statuses (413, 415…) for its errors; ours come from the catalog.
      const status = isAppError(error) ? undefined : error.statusCode;
      return sendError(request, reply, appError, status);
    }
    // A real fault: log everything, tell the caller nothing about internals.
    request.log.error({ err: error }, 'unhandled error');
    return sendError(request, reply, new AppError('internal'));
  });
}
