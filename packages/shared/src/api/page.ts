/** One page of a cursor-paged list: `next_cursor` is null on the last page. */
export type Page<T> = { items: T[]; next_cursor: string | null };

/** Rows per page when the caller does not say; what every list of the app asks for. */
export const PAGE_SIZE = 20;
export const PAGE_SIZE_MAX = 100;

/** Rows per page of the operator console's tables: an operator reads a wide screen, not a phone. */
export const CONSOLE_PAGE_SIZE = 50;
