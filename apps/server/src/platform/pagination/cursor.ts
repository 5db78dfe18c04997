import { isIdText } from '@wallx/shared';
import { AppError } from '../errors/app-error.js';

// Cursors are opaque to clients: base64url of what the next page starts after.
const encode = (text: string) => Buffer.from(text).toString('base64url');
const decode = (cursor: string) => Buffer.from(cursor, 'base64url').toString();
// A cursor this server did not write is bad input: a 400 naming it, never a silent first page or a 500 from SQL.
const badCursor = () => new AppError('invalid_params', { field: 'cursor' });

/** Lists page backwards by id; the cursor is the last id seen. */
export const encodeCursor = (id: string): string => encode(id);

export function decodeCursor(cursor: string | undefined): string | null {
  if (!cursor) return null;
  const id = decode(cursor);
  if (!isIdText(id)) throw badCursor();
  return id;
}

/** Lists sorted on another column page by keyset: the last row's sort value and id. */
export type KeysetCursor = { v: string; id: string };

export const encodeKeysetCursor = (cursor: KeysetCursor): string => encode(JSON.stringify(cursor));

/** `isValue` (and `isId`, a row id by default) say what the parts must look like, so that they cast in SQL. */
export function decodeKeysetCursor(
  cursor: string | undefined,
  isValue: (v: string) => boolean,
  isId: (id: string) => boolean = isIdText,
): KeysetCursor | null {
  if (!cursor) return null;
  let parsed: Partial<KeysetCursor> | null = null;
  try {
    parsed = JSON.parse(decode(cursor)) as Partial<KeysetCursor>;
  } catch {
    // Falls through to the refusal below.
  }
  if (parsed && typeof parsed.v === 'string' && typeof parsed.id === 'string' && isId(parsed.id) && isValue(parsed.v)) {
    return { v: parsed.v, id: parsed.id };
  }
  throw badCursor();
}
