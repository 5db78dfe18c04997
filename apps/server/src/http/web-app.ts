import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError } from './app-error.js';
import { sendError } from './error-handler.js';

export type WebAppOptions = { distDir: string; apiHost: string; mainSiteUrl: string };

/** The runtime config the built web app reads; one build serves every deployment. */
export function renderIndexHtml(template: string, options: Omit<WebAppOptions, 'distDir'>): string {
  const json = JSON.stringify({ apiHost: options.apiHost, mainSiteUrl: options.mainSiteUrl }).replace(/</g, '\\u003c');
  return template.replace('<!--wallx-config-->', `<script>window.__WALLX_CONFIG__=${json}</script>`);
}

/**
 * Serves the built web app: hashed assets cached for a year (pre-compressed copies when present),
 * any other GET answered with index.html so client-side routes survive a reload.
 * Unknown /api paths stay JSON 404s.
 */
export async function registerWebApp(app: FastifyInstance, options: WebAppOptions | null) {
  const indexFile = options ? path.join(options.distDir, 'index.html') : null;
  const indexHtml = indexFile && fs.existsSync(indexFile) ? renderIndexHtml(fs.readFileSync(indexFile, 'utf8'), options!) : null;

  if (options && indexHtml) {
    await app.register(fastifyStatic, {
      root: options.distDir,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders(res, filePath) {
        const isHashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', isHashed ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
      },
    });
    // The root and the raw template would otherwise reach the static handler (a directory, or the
    // file without its config).
    const sendIndex = (_request: unknown, reply: FastifyReply) =>
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
    app.get('/', sendIndex);
    app.get('/index.html', sendIndex);
  }

  app.setNotFoundHandler((request, reply) => {
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api');
    if (isPage && indexHtml) {
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
    }
    return sendError(request, reply, new AppError('not_found'));
  });
}
