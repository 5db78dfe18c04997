import type { ModuleContext, RouteRegistration } from '../../kernel/module-context.js';
import type { Listen } from '../../platform/db/notifications.js';
import { createEventHub, type EventHub } from './hub.js';
import { createEventsRepository } from './repository.js';
import { eventRoutes } from './routes.js';
import { createNoticesService, type NoticesService } from './service.js';

export type EventsOptions = {
  listen: Listen | undefined;
  heartbeatMs: number;
  pollMs: number;
  maxStreamsPerUser: number;
  maxStreamsPerIp: number;
  maxStreams: number;
  /** Of these sessions, those whose streams must end: ended, or their user frozen (auth's, app/ports.ts). */
  inactiveSessions: (sessionIds: string[]) => Promise<string[]>;
};

export function eventsModule(
  { app, db, guards, clock }: ModuleContext,
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
    routes: (api) => eventRoutes(api, { hub, notices, guards }),
  };
}
