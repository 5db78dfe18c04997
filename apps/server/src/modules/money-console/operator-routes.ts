import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  envelope,
  moneyReportQuerySchema,
  moneyReportSchema,
  moneySettingsSchema,
  moneySettingsUpdateSchema,
  proposalSchema,
} from '@wallx/shared';
import { ok } from '../../platform/http/envelope.js';
import { operatorOf, type OperatorGuard } from '../../platform/http/operator.js';
import type { MoneyConsole } from './operator.js';

type Deps = { money: MoneyConsole; requireOperator: OperatorGuard };

/**
 * The console's money settings and report (issue 16): every role reads them; changing the fees and
 * limits is finance's, as a proposal another finance operator or an admin approves (decision 118).
 */
export async function moneyConsoleRoutes(app: FastifyInstance, { money, requireOperator }: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = { tags: ['admin'] };
  const read = { onRequest: requireOperator('read') };

  r.get(
    '/api/admin/money/settings',
    {
      ...read,
      schema: {
        ...tags,
        summary: 'Fees and limits in force, and the chain settings',
        response: { 200: envelope(moneySettingsSchema) },
      },
    },
    async () => ok(await money.settings()),
  );
  r.put(
    '/api/admin/money/settings',
    {
      config: { errors: ['money_settings_stale', 'proposal_exists', 'proposal_changes_nothing'] },
      onRequest: requireOperator('money'),
      schema: {
        ...tags,
        summary:
          'Propose new fees and limits (the whole set, made on the version read); they apply once another finance operator or an admin approves',
        body: moneySettingsUpdateSchema,
        response: { 200: envelope(proposalSchema) },
      },
    },
    async (request) => ok(await money.proposeSettings(operatorOf(request), request.body)),
  );
  r.get(
    '/api/admin/money/report',
    {
      config: { errors: ['money_report_range'] },
      ...read,
      schema: {
        ...tags,
        summary: "Users' balances' gains and losses per day, asset and record type",
        querystring: moneyReportQuerySchema,
        response: { 200: envelope(moneyReportSchema) },
      },
    },
    async (request) => ok(await money.report(request.query)),
  );
}
