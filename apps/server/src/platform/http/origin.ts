import type { FastifyRequest } from 'fastify';

/** The origin a request came to, as the client saw it (protocol and host through trusted proxies). */
export const requestOrigin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;
