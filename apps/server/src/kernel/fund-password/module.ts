import type { ModuleContext, RouteRegistration } from '../module-context.js';
import { fundPasswordRoutes } from './routes.js';

/** The fund password's own routes; every module checks it through ModuleContext.fundPasswords. */
export function fundPasswordModule({ fundPasswords, guards, limits }: ModuleContext): { routes: RouteRegistration } {
  return { routes: (api) => fundPasswordRoutes(api, { fundPasswords, guards, limits }) };
}
