import { createMineRepository } from './mine-repository.js';
import { createOrderRepository } from './order-repository.js';
import { createProductRepository } from './product-repository.js';

export type { ProductInput, ProductRow } from './product-repository.js';

/** The miners' SQL by table: the catalog (product-repository.ts), purchase orders (order-repository.ts), the mines (mine-repository.ts). */
export function createMinersRepository() {
  return { ...createProductRepository(), ...createOrderRepository(), ...createMineRepository() };
}
export type MinersRepository = ReturnType<typeof createMinersRepository>;
