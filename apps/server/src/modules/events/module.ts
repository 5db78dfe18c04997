import type { ModuleContext, RouteRegistration } from '../../app/context.js';
import type { Listen } from '../../db/notifications.js';
import { createEventHub, type EventHub } from './hub.js';
import { createEventsRepository } from './repository.js';
import { eventRoutes } from './routes.js';
import { createNoticesService, type NoticesService } from './service.js';

export type EventsOptions = {
  listen: Listen | undefined;
  heartbeatMs: number;
  pollMs: number;
  maxStreamsPerUser: number;
};

export function eventsModule(
  { app, db, guards, clock, config }: ModuleContext,
  options: EventsOptions,
): { routes: RouteRegistration; hub: EventHub; notices: NoticesService } {
  const repository = createEventsRepository();
  const hub = createEventHub({ db, repository, log: app.log, ...options });
  const notices = createNoticesService({ db, repository, ...clock });
  app.addHook('onReady', async () => hub.start());
  // Streams end before the server waits for its connections to close.
  app.addHook('preClose', async () => hub.stop());
  return {
    hub,
    notices,
    routes: (api) => eventRoutes(api, { hub, notices, guards, streamLifetimeMs: config.accessTokenTtlSeconds * 1000 }),
  };
}
