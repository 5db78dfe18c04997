import type { FastifyRequest } from 'fastify';
import { afterEach, expect } from 'vitest';
import { errorCatalog } from '@wallx/shared';
import type { AppError } from '../platform/errors/app-error.js';
import { watchErrorAnswers } from '../platform/http/error-handler.js';

/**
 * A setup file of the server's tests: every error a test sees a route answer must be one the OpenAPI
 * document declares for that route, under that status and naming that code. So the document cannot
 * say less than the suite sees (a route whose service throws a code it does not list in
 * `config.errors` fails the test that provokes it). Not checked: 5xx, and the framework's own
 * `invalid_request` (malformed JSON, an undecodable URL), which any route may answer.
 */
type Document = { paths?: Record<string, Record<string, { responses?: Record<string, { description?: string }> }>> };

const undeclared: string[] = [];

function check(request: FastifyRequest, appError: AppError, status: number) {
  const url = request.routeOptions.url;
  if (!url || status >= 500 || appError.key === 'invalid_request') return;
  const swagger = (request.server as { swagger?: () => Document }).swagger;
  if (!swagger) return;
  const path = url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
  const operation = swagger.call(request.server).paths?.[path]?.[request.method.toLowerCase()];
  if (!operation) return; // hidden from the document (schema.hide), or a route the test made
  const { code } = errorCatalog[appError.key];
  const description = operation.responses?.[String(status)]?.description ?? '';
  if (!new RegExp(`\\bcode ${code}\\b`).test(description))
    undeclared.push(`${request.method} ${path} answered ${status} ${appError.key} (code ${code}), undeclared`);
}

watchErrorAnswers(check);

afterEach(() => {
  expect(undeclared.splice(0), 'errors the route does not declare (config.errors)').toEqual([]);
});
