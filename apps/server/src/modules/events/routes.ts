import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelope,
  eventStreamQuerySchema,
  noticeSchema,
  noticesQuerySchema,
  noticesReadSchema,
  noticeUnreadSchema,
  page,
} from '@wallx/shared';
import { AppError } from '../../platform/errors/app-error.js';
import { activeUser, currentUser, type Guards } from '../../platform/http/authenticate.js';
import { clientKey } from '../../platform/http/client-key.js';
import { ok } from '../../platform/http/envelope.js';
import type { EventHub } from './hub.js';
import type { NoticesService } from './service.js';

type Deps = { hub: EventHub; notices: NoticesService; guards: Guards };

export async function eventRoutes(app: FastifyInstance, { hub, notices, guards }: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { preHandler: guards.requireUser };
  const tags = { tags: ['events'] };

  r.get(
    '/api/events',
    {
      // A frozen account hears nothing: the hub ends its streams, and one let open here would be ended at once.
      preHandler: guards.requireActiveUser,
      config: { errors: ['event_streams_too_many', 'event_streams_network_too_many', 'event_streams_busy'] },
      schema: {
        ...tags,
        summary: 'My events as they happen (server-sent events), resumable with Last-Event-ID',
        description:
          'text/event-stream. Without Last-Event-ID the stream starts at the newest event, or with `since_ms` at the first event of that many milliseconds back (a page that read before its stream was open misses nothing). First `event: ready` (where the stream starts; `gap`: events after Last-Event-ID are no longer kept), then each event with `id:` its seq, `event:` its type and `data:` a UserEvent; `event: market` when a market list changed; a comment every few seconds. The stream ends when the access token expires (reconnect with a fresh one and Last-Event-ID), and within a second of its session ending or its account being frozen. Streams are capped per user, per client IP (IPv6: per /64) and per server: 429 with the cap met.',
        headers: z.object({ 'last-event-id': eventStreamQuerySchema.shape.after }),
        querystring: eventStreamQuerySchema,
        // Documents the stream the handler sends: a stream is piped as it is, never serialized.
        response: {
          200: {
            description: 'The events, as the description says, until the stream ends',
            content: { 'text/event-stream': { schema: z.unknown() } },
          },
        },
      },
    },
    async (request, reply) => {
      const user = activeUser(request);
      // Browsers' EventSource sends the header itself; a fetch-based client may name it in the query.
      const after = request.headers['last-event-id'] ?? request.query.after;
      const body = new PassThrough();
      const stream = hub.open(
        { userId: user.id, sessionId: user.sessionId, network: clientKey(request.ip), expiresAt: user.expiresAt },
        after !== undefined ? { after: BigInt(after) } : { sinceMs: request.query.since_ms ?? 0 },
        {
          write: (chunk) => body.write(chunk),
          buffered: () => body.writableLength + reply.raw.writableLength,
          end: () => body.end(),
        },
      );
      if ('refused' in stream) {
        // A client that would retry at once gets a fresh connection, not one the server must wait on.
        reply.header('connection', 'close');
        throw new AppError(stream.refused);
      }
      // Before anything is awaited: a client gone during the setup (or before it) gives its place back.
      request.raw.on('close', stream.close);
      if (request.socket.destroyed) stream.close();
      await stream.ready;
      return (
        reply
          .header('content-type', 'text/event-stream; charset=utf-8')
          .header('cache-control', 'no-cache, no-transform')
          .header('x-accel-buffering', 'no')
          // A stream's connection ends with it: never left idle for the server's close to wait on.
          .header('connection', 'close')
          .send(body)
      );
    },
  );

  r.get(
    '/api/notices',
    {
      ...auth,
      schema: {
        ...tags,
        summary: 'My notices (the inbox), newest first; kept 90 days',
        querystring: noticesQuerySchema,
        response: { 200: envelope(page(noticeSchema)) },
      },
    },
    async (request) => ok(await notices.list(currentUser(request).id, request.query)),
  );
  r.get(
    '/api/notices/unread',
    {
      ...auth,
      schema: {
        ...tags,
        summary: 'Notices I have not seen (the bell on /user)',
        response: { 200: envelope(noticeUnreadSchema) },
      },
    },
    async (request) => ok(await notices.unread(currentUser(request).id)),
  );
  r.post(
    '/api/notices/read',
    {
      ...auth,
      schema: {
        ...tags,
        summary: 'I have seen my notices up to this seq',
        body: noticesReadSchema,
        response: { 200: envelope(z.object({})) },
      },
    },
    async (request) => {
      await notices.markRead(currentUser(request).id, request.body.seq);
      return ok({});
    },
  );
}
