import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error.js';

/** No request of the API nests deeper than a few levels; 32 leaves room and stops a crafted body at once. */
export const MAX_JSON_DEPTH = 32;

/**
 * How deep `text` (JSON) nests its arrays and objects, counted without parsing it: one pass over the
 * characters, skipping string contents. Stops counting once past `limit`.
 */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/**
 * JSON bodies are checked for depth before they are parsed, then parsed by Fastify's own parser
 * (which refuses `__proto__` and `constructor.prototype` keys): a body of thousands of nested arrays
 * is a 400 in microseconds, and nothing after it ever walks a deep tree.
 */
export function registerJsonBodyParser(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    // The refresh call has an empty body by contract; some clients still send a JSON content type.
    if (text === '') {
      done(null, undefined);
      return;
    }
    if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) {
      done(new AppError('invalid_params', { field: 'body' }), undefined);
      return;
    }
    parse(request, text, done);
  });
}

/**
 * The path of the first string holding U+0000 (`title`, `items.0.name`), or null. Walked with a
 * stack, not recursion; each entry points at its parent, so the path is spelled only once found.
 */
export function nulFieldOf(value: unknown): string | null {
  type Entry = { value: unknown; key: string | null; parent: Entry | null };
  const stack: Entry[] = [{ value, key: null, parent: null }];
  while (stack.length > 0) {
    const entry = stack.pop()!;
    const current = entry.value;
    if (typeof current === 'string') {
      if (!current.includes('\u0000')) continue;
      const path: string[] = [];
      for (let at: Entry | null = entry; at && at.key !== null; at = at.parent) path.push(at.key);
      return path.reverse().join('.') || 'body';
    }
    if (!current || typeof current !== 'object') continue;
    // Pushed in reverse, so the first field is looked at first, as the form shows them.
    const children = Array.isArray(current)
      ? current.map((item, index) => [String(index), item] as const)
      : Object.entries(current);
    for (let i = children.length - 1; i >= 0; i--)
      stack.push({ value: children[i]![1], key: children[i]![0], parent: entry });
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
