import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  companionSettingsSchema,
  companionSettingsUpdateSchema,
  companionSummarySchema,
  envelope,
  wellbeingSummaryQuerySchema,
} from '@wallx/shared';
import { ok } from '../../platform/http/envelope.js';
import { operatorOf, type OperatorGuard } from '../../platform/http/operator.js';
import type { CompanionConsole } from './operator.js';

type Deps = { console: CompanionConsole; requireOperator: OperatorGuard };

/**
 * The console's companion page (issue 49): every role reads the counts and the settings; finance
 * changes the allowance and the budget (an audit row each). No route here returns a word of a
 * conversation.
 */
export async function companionConsoleRoutes(app: FastifyInstance, { console, requireOperator }: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = { tags: ['admin'] };
  const read = { onRequest: requireOperator('read') };

  r.get(
    '/api/admin/companion/summary',
    {
      config: { errors: ['money_report_range'] },
      ...read,
      schema: {
        ...tags,
        summary: 'Per day: messages, answers, errors, crisis flags and tokens spent (never any content)',
        querystring: wellbeingSummaryQuerySchema,
        response: { 200: envelope(companionSummarySchema) },
      },
    },
    async (request) => ok(await console.summary(request.query)),
  );
  r.get(
    '/api/admin/companion/settings',
    {
      ...read,
      schema: {
        ...tags,
        summary: 'The daily message allowance per user and the global daily token budget in force',
        response: { 200: envelope(companionSettingsSchema) },
      },
    },
    async () => ok(await console.settings()),
  );
  r.put(
    '/api/admin/companion/settings',
    {
      config: { errors: ['companion_settings_stale'] },
      onRequest: requireOperator('money'),
      schema: {
        ...tags,
        summary: 'Change the allowance and the budget (made on the version read); in force at once, audited',
        body: companionSettingsUpdateSchema,
        response: { 200: envelope(companionSettingsSchema) },
      },
    },
    async (request) => ok(await console.saveSettings(operatorOf(request), request.body)),
  );
}
