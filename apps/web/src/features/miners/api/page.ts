/** One page of a cursor-paged list (`page()` in @wallx/shared). */
export type Page<T> = { items: T[]; next_cursor: string | null };

export const PAGE_SIZE = 20;

/** Prefix of every miners query: anything that changes what a user holds invalidates it. */
export const minersQueryKey = ['miners'] as const;

/**
 * The funds feature's fund-record lists. Buying and collecting add ledger entries; the key is
 * spelled out here because features do not import each other.
 */
export const fundRecordsQueryKey = ['funds', 'records'] as const;
