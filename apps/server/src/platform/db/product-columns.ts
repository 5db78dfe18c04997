import { sql } from 'kysely';
import type { Executor } from './database.js';
import { num, numOrNull } from './api-values.js';

/**
 * Read by the miners module (the shop) and the catalog module (the console), which each add their own
 * columns; it lives outside both so neither imports the other.
 */
export function productColumns(db: Executor) {
  return db
    .selectFrom('miner_products as p')
    .select([
      sql<string>`p.id::text`.as('id'),
      'p.name',
      'p.image',
      'p.category',
      numOrNull('p.price_usdt').as('price_usdt'),
      numOrNull('p.price_wallx').as('price_wallx'),
      num('p.daily_output').as('daily_output'),
      'p.output_days',
      'p.stock',
      'p.per_user_limit',
      'p.physical',
      'p.gift',
      'p.on_sale',
    ]);
}
