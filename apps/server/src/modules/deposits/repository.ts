import { createCreditRepository } from './credit-repository.js';
import { createReportRepository } from './report-repository.js';
import { createScanRepository } from './scan-repository.js';
import { createUnattributedRepository } from './unattributed-repository.js';

export { UNSEEN_RECHECK, type DepositPosition, type DepositRow, type ReportState } from './report-repository.js';
export type { Sighting, SightingNews } from './scan-repository.js';

/** The deposits' tables, one repository per use case, as one object. */
export function createDepositRepository() {
  return {
    ...createCreditRepository(),
    ...createUnattributedRepository(),
    ...createReportRepository(),
    ...createScanRepository(),
  };
}
export type DepositRepository = ReturnType<typeof createDepositRepository>;
