import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error.js';

/** The path of the first string holding U+0000 (`title`, `items.0.name`), or null. */
export function nulFieldOf(value: unknown, path: string[] = []): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path.join('.') || 'body' : null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = nulFieldOf(item, [...path, String(index)]);
      if (found !== null) return found;
    }
  } else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      const found = nulFieldOf(inner, [...path, key]);
      if (found !== null) return found;
    }
  }
  return null;
}

/**
 * PostgreSQL text cannot hold U+0000: a NUL anywhere in what a request sends (a share code in the
 * query, a feedback title in the body) would fail deep in a query as a 500. It is refused here, once,
 * as a bad parameter naming the field, before any route sees it.
 */
export async function refuseNulCharacters(request: FastifyRequest) {
  for (const part of [request.params, request.query, request.body]) {
    const field = nulFieldOf(part);
    if (field !== null) throw new AppError('invalid_params', { field });
  }
}
