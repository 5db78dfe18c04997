import type { ColumnType } from 'kysely';

// Column types the tables share.

/** bigint ids travel as strings (pg's default) so they never lose precision. */
export type Id = ColumnType<string, string | undefined, never>;

export type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

export type Timestamp = ColumnType<Date, Date | string, Date | string>;

export type Numeric = ColumnType<string, string | undefined, string>;

export type Day = ColumnType<string, string, string>;
