import type { Guards } from '../../platform/http/authenticate.js';
import type { RouteLimits } from '../../platform/http/rate-limits.js';
import type { OutputJob } from './output-job.js';
import type { MinersService } from './service.js';

export type MinerRouteDeps = {
  miners: MinersService;
  outputJob: OutputJob;
  guards: Guards;
  limits: RouteLimits;
  adminToken: string | undefined;
};
