import { createOutputCollection } from './collection.js';
import { createMine } from './mine.js';
import { createMinerPurchases } from './purchases.js';
import type { MinersDeps } from './deps.js';
export type { MinersDeps, Actor, PurchaseRecorder } from './deps.js';

/** The miners' use cases, one a file: the shop and orders (purchases.ts), the mine (mine.ts), the outputs (collection.ts). */
export function createMinersService(deps: MinersDeps) {
  return { ...createMinerPurchases(deps), ...createMine(deps), ...createOutputCollection(deps) };
}
export type MinersService = ReturnType<typeof createMinersService>;
