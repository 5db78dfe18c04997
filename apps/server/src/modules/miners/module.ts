import type { ModuleContext, RouteRegistration } from '../../kernel/module-context.js';
import { createOutputJob, type OutputJob } from './output-job.js';
import { createOutputRepository } from './output-repository.js';
import { createMinersRepository, type MinersRepository } from './repository.js';
import { minersRoutes } from './routes.js';
import { createMinersService, type MinersService, type PurchaseRecorder } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The daily output job, run by the scheduler, by `npm run jobs:output` and by tests. */
    outputJob: OutputJob;
  }
}

/** The shop, a user's orders, miners and outputs, and the daily output job. */
export function minersModule(
  ctx: ModuleContext,
  { purchases }: { purchases: PurchaseRecorder },
): { repository: MinersRepository; miners: MinersService; outputJob: OutputJob; routes: RouteRegistration } {
  const { app, db, config, ledger, events, users, fundPasswords, idempotency, guards, limits, adminToken, clock } = ctx;
  const repository = createMinersRepository();
  const miners = createMinersService({
    db,
    ledger,
    events,
    users,
    miners: repository,
    outputs: createOutputRepository(),
    purchases,
    fundPasswords,
    idempotency,
    timeZone: config.outputTimeZone,
    ...clock,
  });
  const outputJob = createOutputJob({
    db,
    timeZone: config.outputTimeZone,
    instanceId: ctx.instanceId,
    observe: ctx.observe,
    ...clock,
  });
  app.decorate('outputJob', outputJob);
  return {
    repository,
    miners,
    outputJob,
    routes: (api) => minersRoutes(api, { miners, outputJob, guards, limits, adminToken }),
  };
}
