import type { ModuleContext, RouteRegistration } from '../../kernel/module-context.js';
import { createFeedbackRepository } from './repository.js';
import { feedbackRoutes } from './routes.js';
import { createFeedbackService } from './service.js';

export function feedbackModule({ db, events, guards, requireOperator, clock }: ModuleContext): {
  routes: RouteRegistration;
} {
  const feedback = createFeedbackService({ db, events, feedback: createFeedbackRepository(), ...clock });
  return { routes: (api) => feedbackRoutes(api, { feedback, guards, requireOperator }) };
}
