import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error.js';
import { sendError } from './error-handler.js';
import { requestOrigin } from './origin.js';
import { normalizePath, pageHead, pageLanguage, withHead } from './page-head.js';
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
  /** The app's public origin for the link previews' absolute URLs; else the origin the request came to. */
  publicAppUrl?: string;
  /**
   * The shortened address behind a share code, or null for an unknown one (the /join link's preview);
   * null too once the caller has looked up too many (as GET /api/share/inviter refuses them).
   */
  inviterOf?: (code: string, request: FastifyRequest) => Promise<string | null>;
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
    // Anything but the app's page (API answers, files) may not run or load anything; the service
    // worker, whose own policy this is, fetches from its origin (pages and files, decision 163).
    if (!reply.hasHeader('content-security-policy'))
      reply.header(
        'content-security-policy',
        request.url.split('?')[0] === '/sw.js'
          ? "default-src 'none'; connect-src 'self'; frame-ancestors 'none'"
          : "default-src 'none'; frame-ancestors 'none'",
      );
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
  // One page per screen, language and origin (and inviter, on /join): rendered and compressed once,
  // then kept. Unknown paths share one 404 page; the bound holds against a flood of codes or hosts.
  const pages = new Map<string, CompressedPage>();
  const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    // The page names the screen of its path and that screen's texts in the visitor's language.
    const links = preloads?.linksFor(request.url, request.headers['accept-language']) ?? '';
    const [pathName, query = ''] = request.url.split('?') as [string, string?];
    // The raw template's path is the root's page.
    const screenPath = pathName === '/index.html' ? '/' : normalizePath(pathName);
    const language = pageLanguage(request.headers.cookie, request.headers['accept-language']);
    const origin = (options?.publicAppUrl || requestOrigin(request)).replace(/\/+$/, '');
    const code = screenPath === '/join' ? new URLSearchParams(query).get('code') : null;
    const inviter = code && options?.inviterOf ? await options.inviterOf(code, request) : null;
    // og:url: the screen's own path, with the invite's code and nothing else of the query.
    const url = `${screenPath}${inviter ? `?code=${encodeURIComponent(code!.toUpperCase())}` : ''}`;
    const head = pageHead({ path: screenPath, language, origin, url, inviter });
    reply
      .code(head.status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding, accept-language, cookie')
      .header('content-security-policy', pagePolicy);
    if (indexHtml === null) return reply.send(indexHtml);
    const key = `${links}|${origin}|${head.status === 404 ? 404 : url}|${language}`;
    let page = pages.get(key);
    if (!page) {
      const html = withHead(indexHtml, head);
      page = compressPage(links ? html.replace('</head>', `${links}</head>`) : html);
      if (pages.size >= 2000) pages.delete(pages.keys().next().value!);
      pages.set(key, page);
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
      // The service worker is checked for a new version on every visit: never kept by a cache on the way.
      const isWorker = /^sw\.js(\.br|\.gz)?$/.test(path.basename(filePath));
      res.setHeader(
        'cache-control',
        isHashed ? 'public, max-age=31536000, immutable' : isWorker ? 'no-cache' : 'public, max-age=300',
      );
      if (filePath.endsWith('.webmanifest')) res.setHeader('content-type', 'application/manifest+json');
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
    // Every other path gets the app's page, whose 404 screen says so: a 404 for a probe too
    // (/healthz), which must never see a live server in a page that answers everything.
    if (isPage && indexHtml) return sendIndex(request, reply);
    return sendError(request, reply, new AppError('not_found'));
  });
}
