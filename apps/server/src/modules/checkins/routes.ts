import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  calendarQuerySchema,
  checkinCalendarSchema,
  checkinDeletedSchema,
  checkinExportSchema,
  checkinRequestSchema,
  checkinTodaySchema,
  checkinTrendsSchema,
  envelope,
  supportLineQuerySchema,
  supportLineSchema,
  trendsQuerySchema,
  type TrendRange,
} from '@wallx/shared';
import { idempotencyHeaders, idempotencyKey, idempotencyRefusals } from '../../kernel/idempotency/idempotency-key.js';
import { activeUser, currentUser, type Guards } from '../../platform/http/authenticate.js';
import { ok } from '../../platform/http/envelope.js';
import type { RouteLimits } from '../../platform/http/rate-limits.js';
import type { CheckinsService } from './service.js';

type Deps = { checkins: CheckinsService; guards: Guards; limits: RouteLimits };

/**
 * A user's own check-ins. No route takes another user's id, and no operator route reads them: the
 * console sees aggregates over 20 people or more (modules of the console, never this one).
 */
export async function checkinsRoutes(app: FastifyInstance, { checkins, guards, limits }: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { preHandler: guards.requireUser };
  const tags = { tags: ['checkins'] };

  r.get(
    '/api/checkins/today',
    {
      ...auth,
      schema: {
        ...tags,
        summary: "Today's check-in (in the output zone), the streak, and what a check-in earns",
        response: { 200: envelope(checkinTodaySchema) },
      },
    },
    async (request) => ok(await checkins.today(currentUser(request).id)),
  );

  // It may pay a reward: refused to a frozen account, as every write that moves money to it.
  r.put(
    '/api/checkins/today',
    {
      config: { errors: [...idempotencyRefusals] },
      preHandler: [guards.requireActiveUser, ...limits.checkin],
      schema: {
        ...tags,
        summary: "Check in, or edit today's check-in until the day ends; the day's first check-in earns the reward",
        headers: idempotencyHeaders,
        body: checkinRequestSchema,
        response: { 200: envelope(checkinTodaySchema) },
      },
    },
    async (request) => ok(await checkins.save(activeUser(request).id, request.body, idempotencyKey(request))),
  );

  r.get(
    '/api/checkins/trends',
    {
      ...auth,
      schema: {
        ...tags,
        summary:
          'My mood over the last 7, 30 or 90 days: a point a day (null without a check-in), streaks, feelings named most',
        querystring: trendsQuerySchema,
        response: { 200: envelope(checkinTrendsSchema) },
      },
    },
    async (request) => ok(await checkins.trends(currentUser(request).id, request.query.days as TrendRange)),
  );

  r.get(
    '/api/checkins/calendar',
    {
      ...auth,
      schema: {
        ...tags,
        summary: 'The days of a month I checked in, with their mood',
        querystring: calendarQuerySchema,
        response: { 200: envelope(checkinCalendarSchema) },
      },
    },
    async (request) => ok(await checkins.calendar(currentUser(request).id, request.query.month)),
  );

  r.get(
    '/api/checkins/export',
    {
      ...auth,
      schema: {
        ...tags,
        summary: 'Everything of my well-being data as JSON: check-ins, rewards, my board profile',
        response: { 200: envelope(checkinExportSchema) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      return ok(await checkins.export({ id: user.id, address: user.address }));
    },
  );

  // A frozen account may still delete its mood history: health data is its owner's to remove, always.
  r.delete(
    '/api/checkins',
    {
      preHandler: [guards.requireUser, ...limits.checkin],
      schema: {
        ...tags,
        summary: 'Delete my mood history (moods, feelings, notes); what was paid stays in the books',
        response: { 200: envelope(checkinDeletedSchema) },
      },
    },
    async (request) => ok(await checkins.deleteAll(currentUser(request).id)),
  );

  r.get(
    '/api/support-lines',
    {
      config: { errors: ['support_line_not_found'] },
      ...auth,
      schema: {
        ...tags,
        summary: 'The crisis line of a country (ISO 3166-1 alpha-2), or the default one',
        querystring: supportLineQuerySchema,
        response: { 200: envelope(supportLineSchema) },
      },
    },
    async (request) => ok(await checkins.supportLine(request.query.country)),
  );
}
