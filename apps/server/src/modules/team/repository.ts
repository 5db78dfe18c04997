import { createCheckRepository } from './check-repository.js';
import { createTreeRepository } from './tree-repository.js';
import { createViewRepository } from './view-repository.js';

export type { Purchase } from './tree-repository.js';
export type { MemberRow, SummaryRow } from './view-repository.js';

/** The team's tables: the tree and its rollups as they are written, read, and checked. */
export function createTeamRepository() {
  return { ...createTreeRepository(), ...createViewRepository(), ...createCheckRepository() };
}
export type TeamRepository = ReturnType<typeof createTeamRepository>;
