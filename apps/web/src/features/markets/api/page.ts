/** One page of a cursor-paged list (`page()` in @wallx/shared). */
export type Page<T> = { items: T[]; next_cursor: string | null };

export const PAGE_SIZE = 20;

export type Market = 'mtrade' | 'c2c';

/** Prefix of every market query: a buy, a publish or a cancel invalidates it. */
export const marketsQueryKey = ['markets'] as const;

/**
 * Other features' lists that a trade changes. The keys are spelled out here because features do
 * not import each other: the miners' lists (a machine changes hands) and the fund records (every
 * trade posts ledger entries).
 */
export const minersQueryKey = ['miners'] as const;
export const fundRecordsQueryKey = ['funds', 'records'] as const;
