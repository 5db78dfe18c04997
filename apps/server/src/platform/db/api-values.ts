import { sql } from 'kysely';

/** NUMERIC as the API shows it: exact, without trailing zeros. */
export const num = (column: string) => sql<string>`trim_scale(${sql.ref(column)})::text`;
export const numOrNull = (column: string) => sql<string | null>`trim_scale(${sql.ref(column)})::text`;
export const iso = (value: Date | null) => (value ? value.toISOString() : null);
