import type { z } from 'zod';
import type { Page, pageQuery } from '@wallx/shared';
import { decodeCursor, encodeCursor } from './cursor.js';

export type PageQuery = z.infer<typeof pageQuery>;
/** The rows a page reads: up to `limit`, newest first, with ids below `before` (null: from the newest). */
export type PageRange = { before: string | null; limit: number };

/** A full page may have more after it: its cursor is written from its last row. */
export function toPage<T>(items: T[], limit: number, cursorOf: (last: T) => string): Page<T> {
  const last = items.at(-1);
  return { items, next_cursor: items.length === limit && last !== undefined ? cursorOf(last) : null };
}

/** One page of a list read newest first by id, the way every list but the markets' pages. */
export async function pageById<T extends { id: string }>(
  query: PageQuery,
  read: (range: PageRange) => Promise<T[]>,
): Promise<Page<T>> {
  const items = await read({ before: decodeCursor(query.cursor), limit: query.limit });
  return toPage(items, query.limit, (last) => encodeCursor(last.id));
}
