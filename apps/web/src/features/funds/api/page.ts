/** One page of a cursor-paged list (`page()` in @wallx/shared). */
export type Page<T> = { items: T[]; next_cursor: string | null };

export const PAGE_SIZE = 20;
