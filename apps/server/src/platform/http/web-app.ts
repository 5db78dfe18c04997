import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error.js';
import { sendError } from './error-handler.js';
import { loadPagePreloads } from './route-preloads.js';

export type WebAppOptions = {
  distDir: string;
  /** The operator console's build, served at /admin; null or absent when it was not built. */
  adminDistDir?: string | null;
  apiHost: string;
  mainSiteUrl: string;
  /** WalletConnect for the connect sheet (its relay, and the chain a session asks for), or none. */
  walletConnect?: { projectId: string; relayUrl: string; chainId: number } | null;
  /** Production serves no source maps: they would hand out the app's source to anyone. */
  isProduction?: boolean;
};

/** The runtime config the built web app reads; one build serves every deployment. */
type PageOptions = Pick<WebAppOptions, 'apiHost' | 'mainSiteUrl' | 'walletConnect'>;

function configScript(options: PageOptions): string {
  const json = JSON.stringify({
    apiHost: options.apiHost,
    mainSiteUrl: options.mainSiteUrl,
    walletConnect: options.walletConnect ?? null,
  }).replace(/</g, '\\u003c');
  return `window.__WALLX_CONFIG__=${json}`;
}

export function renderIndexHtml(template: string, options: PageOptions): string {
  return template.replace('<!--wallx-config-->', `<script>${configScript(options)}</script>`);
}

/** The hash of every inline script of a page, for its policy: the config, and the shell's (apps/web/index.html). */
function inlineScriptHashes(page: string): string[] {
  const hashes = [...page.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, body]) => `'sha256-${crypto.createHash('sha256').update(body!).digest('base64')}'`,
  );
  return [...new Set(hashes)];
}

/**
 * The page may run our own scripts and its inline ones (by their hashes: the config, and the shell
 * that paints first, decision 131), talk to our API, show our images, and be framed by nobody.
 * Styles allow 'unsafe-inline': antd-mobile and React set style attributes, which carry no script.
 */
export function contentSecurityPolicy(
  options: PageOptions,
  page: string = renderIndexHtml('<!--wallx-config-->', options),
): string {
  const api = options.apiHost ? ` ${options.apiHost}` : '';
  // WalletConnect talks to its relay, and checks the page's domain in a frame of its Verify API.
  const relay = options.walletConnect
    ? ` ${options.walletConnect.relayUrl} https://verify.walletconnect.org https://verify.walletconnect.com`
    : '';
  return [
    "default-src 'self'",
    // WebAssembly compiles only under 'wasm-unsafe-eval' (the validator's QR decoder); it allows no JavaScript eval.
    `script-src 'self' ${inlineScriptHashes(page).join(' ')} 'wasm-unsafe-eval'`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${api}`,
    `media-src 'self' blob:${api}`,
    `connect-src 'self'${api}${relay}`,
    ...(options.walletConnect ? ['frame-src https://verify.walletconnect.org https://verify.walletconnect.com'] : []),
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * The console's page: its own scripts and styles only (it has no inline config: it calls the origin
 * that served it), no framing, no WebAssembly. Stricter than the app's: no inline styles either.
 */
export const consoleContentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** /admin and anything under it: the console's, never the phone app's (whose page sends desktops away). */
export function isConsolePath(url: string): boolean {
  const pathName = url.split('?')[0]!;
  return pathName === '/admin' || pathName.startsWith('/admin/');
}

type CompressedPage = { html: string; br: Buffer; gzip: Buffer };

/** The page carries the app's stylesheet (10 KB): worth compressing, as the static files are. */
function compressPage(html: string): CompressedPage {
  return {
    html,
    br: zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: zlib.gzipSync(html, { level: 9 }),
  };
}

/** Brotli when the client takes it, else gzip, else none (a q=0 refusal is honoured). */
export function pageEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | 'identity' {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase().split(';'))
      .filter(([, q]) => !/^\s*q=0(\.0*)?\s*$/.test(q ?? ''))
      .map(([name]) => name),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return 'identity';
}

/** What every answer carries; HSTS only over TLS (as the client reached us, through the trusted proxies). */
function registerSecurityHeaders(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('x-frame-options', 'DENY');
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    // Anything but the app's page (API answers, files) may not run or load anything.
    if (!reply.hasHeader('content-security-policy'))
      reply.header('content-security-policy', "default-src 'none'; frame-ancestors 'none'");
  });
}

/** A web page, not an operation of the API: the OpenAPI document does not list it. */
const pageRoute = { schema: { hide: true } };

/**
 * Serves the built web app: hashed assets cached for a year (pre-compressed copies when present),
 * any other GET answered with index.html so client-side routes survive a reload.
 * Unknown /api paths stay JSON 404s.
 */
export async function registerWebApp(app: FastifyInstance, options: WebAppOptions | null) {
  registerSecurityHeaders(app);
  const indexFile = options ? path.join(options.distDir, 'index.html') : null;
  const indexHtml =
    indexFile && fs.existsSync(indexFile) ? renderIndexHtml(fs.readFileSync(indexFile, 'utf8'), options!) : null;
  const pagePolicy = options ? contentSecurityPolicy(options, indexHtml ?? undefined) : '';
  const preloads = options ? loadPagePreloads(options.distDir) : null;
  // One page per set of hints (a screen in a language): rendered and compressed once, then kept.
  const pages = new Map<string, CompressedPage>();
  const sendIndex = (request: FastifyRequest, reply: FastifyReply) => {
    // The page names the screen of its path and that screen's texts in the visitor's language.
    const links = preloads?.linksFor(request.url, request.headers['accept-language']) ?? '';
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding, accept-language')
      .header('content-security-policy', pagePolicy);
    if (indexHtml === null) return reply.send(indexHtml);
    let page = pages.get(links);
    if (!page) {
      page = compressPage(links ? indexHtml.replace('</head>', `${links}</head>`) : indexHtml);
      pages.set(links, page);
    }
    const encoding = pageEncoding(request.headers['accept-encoding']);
    if (encoding === 'identity') return reply.send(page.html);
    return reply.header('content-encoding', encoding).send(page[encoding]);
  };

  // Source maps stay out of production: allowedPath hides them as if absent.
  const staticOptions = (root: string) => ({
    root,
    index: false as const,
    allowedPath: (pathName: string) => !(options?.isProduction && pathName.endsWith('.map')),
    preCompressed: true,
    cacheControl: false,
    setHeaders(res: { setHeader(name: string, value: string): unknown }, filePath: string) {
      const isHashed = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader('cache-control', isHashed ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
    },
  });

  const adminIndexFile = options?.adminDistDir ? path.join(options.adminDistDir, 'index.html') : null;
  const adminIndexHtml =
    adminIndexFile && fs.existsSync(adminIndexFile) ? fs.readFileSync(adminIndexFile, 'utf8') : null;
  const sendAdminIndex = (_request: unknown, reply: FastifyReply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('content-security-policy', consoleContentSecurityPolicy)
      .send(adminIndexHtml);

  if (options?.adminDistDir && adminIndexHtml) {
    // The console is a bundle of its own under /admin/: no phone downloads any of it.
    await app.register(fastifyStatic, {
      ...staticOptions(options.adminDistDir),
      prefix: '/admin/',
      decorateReply: false,
    });
    for (const url of ['/admin', '/admin/', '/admin/index.html']) app.get(url, pageRoute, sendAdminIndex);
  }

  if (options && indexHtml) {
    await app.register(fastifyStatic, staticOptions(options.distDir));
    // The root and the raw template would otherwise reach the static handler (a directory, or the
    // file without its config).
    app.get('/', pageRoute, sendIndex);
    app.get('/index.html', pageRoute, sendIndex);
  }

  app.setNotFoundHandler((request, reply) => {
    // A missing file (an old chunk after a deploy, a hidden source map) is a 404, not the app's page.
    const isFile = /\.[a-z0-9]+$/i.test(request.url.split('?')[0]!);
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api') && !isFile;
    if (isPage && isConsolePath(request.url))
      return adminIndexHtml ? sendAdminIndex(request, reply) : sendError(request, reply, new AppError('not_found'));
    if (isPage && indexHtml) return sendIndex(request, reply);
    return sendError(request, reply, new AppError('not_found'));
  });
}
