import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelope,
  feedbackReplySchema,
  feedbackRequestSchema,
  feedbackSchema,
  feedbackUnreadSchema,
  idParamSchema,
  operatorFeedbackQuerySchema,
  operatorFeedbackSchema,
  page,
  pageQuery,
} from '@wallx/shared';
import { currentUser, type Guards } from '../../platform/http/authenticate.js';
import { ok } from '../../platform/http/envelope.js';
import { operatorOf, type OperatorGuard } from '../../platform/http/operator.js';
import type { FeedbackService } from './service.js';

type Deps = { feedback: FeedbackService; guards: Guards; requireOperator: OperatorGuard };

export async function feedbackRoutes(app: FastifyInstance, { feedback, guards, requireOperator }: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { preHandler: guards.requireUser };
  const tags = { tags: ['feedback'] };

  // A frozen account may still write: feedback is how it reaches us.
  r.post(
    '/api/feedback',
    {
      config: { errors: ['feedback_too_many'] },
      ...auth,
      schema: {
        ...tags,
        summary: 'Send feedback (a few per hour)',
        body: feedbackRequestSchema,
        response: { 200: envelope(z.object({ feedback: feedbackSchema })) },
      },
    },
    async (request) => ok({ feedback: await feedback.send(currentUser(request).id, request.body) }),
  );
  r.get(
    '/api/feedback',
    {
      ...auth,
      schema: {
        ...tags,
        summary: 'My feedback with the replies, newest first',
        querystring: pageQuery,
        response: { 200: envelope(page(feedbackSchema)) },
      },
    },
    async (request) => ok(await feedback.mine(currentUser(request).id, request.query)),
  );
  r.get(
    '/api/feedback/unread',
    {
      ...auth,
      schema: {
        ...tags,
        summary: 'Replies I have not seen (the badge on /user)',
        response: { 200: envelope(feedbackUnreadSchema) },
      },
    },
    async (request) => ok(await feedback.unread(currentUser(request).id)),
  );
  r.post(
    '/api/feedback/read',
    { ...auth, schema: { ...tags, summary: 'I have seen every reply', response: { 200: envelope(z.object({})) } } },
    async (request) => {
      await feedback.markRead(currentUser(request).id);
      return ok({});
    },
  );

  // Operators (decision 56): a console session, checked before the body is read.
  const admin = { tags: ['admin'] };
  r.get(
    '/api/admin/feedback',
    {
      onRequest: requireOperator('read'),
      schema: {
        ...admin,
        summary: "Users' feedback, by status, newest first",
        querystring: operatorFeedbackQuerySchema,
        response: { 200: envelope(page(operatorFeedbackSchema)) },
      },
    },
    async (request) => ok(await feedback.all(request.query)),
  );
  r.post(
    '/api/admin/feedback/:id/reply',
    {
      config: { errors: ['feedback_not_found', 'operator_own_account'] },
      onRequest: requireOperator('support'),
      schema: {
        ...admin,
        summary: 'Reply to a feedback: the user is told at once',
        params: idParamSchema,
        body: feedbackReplySchema,
        response: { 200: envelope(z.object({ feedback: operatorFeedbackSchema })) },
      },
    },
    async (request) =>
      ok({ feedback: await feedback.reply(operatorOf(request), request.params.id, request.body.reply) }),
  );
}
