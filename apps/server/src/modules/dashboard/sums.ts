import { sql } from 'kysely';
import type { Asset } from '@wallx/shared';

/** Per-asset totals, both assets always present. */
export type AssetSums = Record<Asset, string>;

export const sumText = (column: string) => sql.raw(`coalesce(trim_scale(sum(${column})), 0)::text`);
