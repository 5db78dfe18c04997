import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  checkinSettingsSchema,
  checkinSettingsUpdateSchema,
  envelope,
  operatorSupportLineSchema,
  operatorSupportLinesSchema,
  proposalSchema,
  rewardsFundRequestSchema,
  supportLineParamSchema,
  supportLineUpdateSchema,
  wellbeingSummaryQuerySchema,
  wellbeingSummarySchema,
} from '@wallx/shared';
import type { Propose } from '../../kernel/money-decisions/decision-handler.js';
import { ok } from '../../platform/http/envelope.js';
import { operatorOf, type OperatorGuard } from '../../platform/http/operator.js';
import type { WellbeingConsole } from './operator.js';

type Deps = { wellbeing: WellbeingConsole; propose: Propose; requireOperator: OperatorGuard };

/**
 * The console's well-being page (issue 47): every role reads the aggregates, the reward rules and the
 * crisis lines; changing the rules and adding to the budget are finance's proposals another finance
 * operator or an admin approves; support keeps the crisis lines. No route here answers one person's
 * check-in.
 */
export async function wellbeingConsoleRoutes(app: FastifyInstance, { wellbeing, propose, requireOperator }: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = { tags: ['admin'] };
  const read = { onRequest: requireOperator('read') };

  r.get(
    '/api/admin/wellbeing/summary',
    {
      config: { errors: ['money_report_range'] },
      ...read,
      schema: {
        ...tags,
        summary:
          'Check-ins per day and their average mood (only over 20 or more people), rewards paid per day, and the rewards budget',
        querystring: wellbeingSummaryQuerySchema,
        response: { 200: envelope(wellbeingSummarySchema) },
      },
    },
    async (request) => ok(await wellbeing.summary(request.query)),
  );
  r.get(
    '/api/admin/wellbeing/settings',
    {
      ...read,
      schema: {
        ...tags,
        summary: 'The check-in rewards, streak bonus and weekly prizes in force',
        response: { 200: envelope(checkinSettingsSchema) },
      },
    },
    async () => ok(await wellbeing.settings()),
  );
  r.post(
    '/api/admin/wellbeing/settings',
    {
      config: { errors: ['checkin_settings_stale', 'proposal_exists', 'proposal_changes_nothing'] },
      onRequest: requireOperator('money'),
      schema: {
        ...tags,
        summary:
          'Propose new check-in rewards and prizes (the whole set, made on the version read); they apply once another finance operator or an admin approves',
        body: checkinSettingsUpdateSchema,
        response: { 200: envelope(proposalSchema) },
      },
    },
    async (request) => ok(await wellbeing.proposeSettings(propose, operatorOf(request), request.body)),
  );
  r.post(
    '/api/admin/wellbeing/budget',
    {
      config: { errors: ['proposal_exists'] },
      onRequest: requireOperator('money'),
      schema: {
        ...tags,
        summary:
          'Propose adding WALLX to the rewards budget; it is added once another finance operator or an admin approves',
        body: rewardsFundRequestSchema,
        response: { 200: envelope(proposalSchema) },
      },
    },
    async (request) => ok(await wellbeing.proposeFunding(propose, operatorOf(request), request.body)),
  );
  r.get(
    '/api/admin/support-lines',
    {
      ...read,
      schema: {
        ...tags,
        summary: 'The crisis lines by country, and the default',
        response: { 200: envelope(operatorSupportLinesSchema) },
      },
    },
    async () => ok(await wellbeing.supportLines()),
  );
  r.put(
    '/api/admin/support-lines/:country',
    {
      onRequest: requireOperator('support'),
      schema: {
        ...tags,
        summary: "Add or change a country's crisis line (or the default)",
        params: supportLineParamSchema,
        body: supportLineUpdateSchema,
        response: { 200: envelope(operatorSupportLineSchema) },
      },
    },
    async (request) => ok(await wellbeing.saveSupportLine(operatorOf(request), request.params.country, request.body)),
  );
  r.delete(
    '/api/admin/support-lines/:country',
    {
      config: { errors: ['support_line_default_required', 'support_line_not_found'] },
      onRequest: requireOperator('support'),
      schema: {
        ...tags,
        summary: "Remove a country's crisis line (its users are shown the default); the default cannot be removed",
        params: supportLineParamSchema,
        response: { 200: envelope(z.object({ country: z.string() })) },
      },
    },
    async (request) => {
      await wellbeing.deleteSupportLine(operatorOf(request), request.params.country);
      return ok({ country: request.params.country });
    },
  );
}
