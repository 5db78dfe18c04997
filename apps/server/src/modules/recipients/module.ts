import type { ModuleContext, RouteRegistration } from '../../kernel/module-context.js';
import { createRecipientsRepository } from './repository.js';
import { recipientsRoutes } from './routes.js';
import { createRecipientsService } from './service.js';

/** Recipient fields' helpers: the check before a transfer's review, and the recent recipients. */
export function recipientsModule({ db, users, guards, limits }: ModuleContext): { routes: RouteRegistration } {
  const recipients = createRecipientsService({ db, users, recipients: createRecipientsRepository() });
  return { routes: (api) => recipientsRoutes(api, { recipients, guards, limits }) };
}
