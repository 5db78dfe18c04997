import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  articleParamsSchema,
  articleSchema,
  articleSummarySchema,
  courseProgressSchema,
  courseSchema,
  courseSummarySchema,
  ecologyItemSchema,
  envelope,
  homeContentSchema,
  idParamSchema,
  page,
  pageQuery,
} from '@wallx/shared';
import { currentUser, type Guards } from '../../platform/http/authenticate.js';
import { ok } from '../../platform/http/envelope.js';
import type { ContentService } from './service.js';

type Deps = { content: ContentService; guards: Guards };

// Public content changes when an operator edits it; a minute of caching is the delay they accept.
const PUBLIC_CACHE = 'public, max-age=60';

export async function contentRoutes(app: FastifyInstance, { content, guards }: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { preHandler: guards.requireUser };
  const tags = { tags: ['content'] };

  r.get(
    '/api/content/home',
    {
      config: { public: true },
      schema: { ...tags, summary: 'Home scenes and partners', response: { 200: envelope(homeContentSchema) } },
    },
    async (_request, reply) => {
      reply.header('cache-control', PUBLIC_CACHE);
      return ok(await content.home());
    },
  );
  r.get(
    '/api/articles',
    {
      config: { public: true },
      schema: {
        ...tags,
        summary: 'The articles (titles)',
        response: { 200: envelope(z.object({ items: z.array(articleSummarySchema) })) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', PUBLIC_CACHE);
      return ok({ items: await content.articles() });
    },
  );
  r.get(
    '/api/articles/:key',
    {
      config: { errors: ['article_not_found'], public: true },
      schema: {
        ...tags,
        summary: 'An article by key (Markdown body)',
        params: articleParamsSchema,
        response: { 200: envelope(articleSchema) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PUBLIC_CACHE);
      return ok(await content.article(request.params.key));
    },
  );
  r.get(
    '/api/ecology',
    {
      ...auth,
      schema: {
        ...tags,
        summary: 'The ecology page',
        response: { 200: envelope(z.object({ items: z.array(ecologyItemSchema) })) },
      },
    },
    async () => ok({ items: await content.ecology() }),
  );
  r.get(
    '/api/courses',
    {
      ...auth,
      schema: {
        ...tags,
        summary: 'College courses in order, with their lock state and my position',
        querystring: pageQuery,
        response: { 200: envelope(page(courseSummarySchema)) },
      },
    },
    async (request) => ok(await content.courses(currentUser(request).id, request.query)),
  );
  r.get(
    '/api/courses/:id',
    {
      config: { errors: ['course_not_found', 'course_unavailable'] },
      ...auth,
      schema: {
        ...tags,
        summary: 'A course I may watch: video, text, my position',
        params: idParamSchema,
        response: { 200: envelope(courseSchema) },
      },
    },
    async (request) => ok(await content.course(currentUser(request).id, request.params.id)),
  );
  r.put(
    '/api/courses/:id/progress',
    {
      config: { errors: ['course_not_found', 'course_unavailable'] },
      ...auth,
      schema: {
        ...tags,
        summary: 'Remember where I stopped',
        params: idParamSchema,
        body: courseProgressSchema,
        response: { 200: envelope(courseProgressSchema) },
      },
    },
    async (request) =>
      ok(await content.saveProgress(currentUser(request).id, request.params.id, request.body.position_seconds)),
  );
}
