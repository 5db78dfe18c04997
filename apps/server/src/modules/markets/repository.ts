import { createOrderChanges } from './order-changes.js';
import { createOrderReads } from './order-reads.js';

export { cursorAfter, type MarketTable, type OrderFilter } from './order-reads.js';

/** The markets' SQL, by use case: what users and the console read (order-reads.ts), and status changes (order-changes.ts). */
export function createMarketsRepository() {
  return { ...createOrderReads(), ...createOrderChanges() };
}
export type MarketsRepository = ReturnType<typeof createMarketsRepository>;
