import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../platform/db/database.js';
import { migrate } from '../platform/db/migrate.js';
import { buildTestApp, createTestDatabase, login, testConfig, type TestApp } from '../test/helpers.js';

/** A built web app of one page and one hashed asset (and its source map). */
function fakeDist(): string {
  const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallx-dist-'));
  fs.mkdirSync(path.join(distDir, 'assets'));
  fs.writeFileSync(
    path.join(distDir, 'index.html'),
    '<html lang="en"><head><!--wallx-head--><!--wallx-config--></head><body></body></html>',
  );
  fs.writeFileSync(path.join(distDir, 'assets', 'app-abc123.js'), 'console.log(1)');
  fs.writeFileSync(path.join(distDir, 'assets', 'app-abc123.js.map'), '{"sources":["secret.tsx"]}');
  // What the web build says /mines loads (apps/web/route-preloads.ts).
  const preloads = {
    screens: {
      '/mines': { scripts: ['/assets/mines-screen-m1.js'], styles: ['/assets/miners-m2.css'], sections: ['miners'] },
    },
    catalogs: {
      en_US: { core: '/assets/en_US-e1.js', miners: '/assets/en_US-e2.js' },
      zh_CN: { core: '/assets/zh_CN-z1.js', miners: '/assets/zh_CN-z2.js' },
    },
  };
  fs.writeFileSync(path.join(distDir, 'route-preloads.json'), JSON.stringify(preloads));
  return distDir;
}

describe('the HTTP shell', () => {
  let t: TestApp;
  let distDir: string;
  beforeAll(async () => {
    distDir = fakeDist();
    t = await buildTestApp({
      config: {
        webDistDir: distDir,
        publicApiHost: 'https://api.example.com',
        mainSiteUrl: 'https://example.com/</script>',
      },
    });
    t.app.get('/api/test/boom', async () => {
      throw new Error('secret database password in stack');
    });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(distDir, { recursive: true, force: true });
  });

  it('a real fault is a 500 that leaks nothing', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      code: 1003,
      message: 'Something went wrong on our side, please try again later',
    });
    expect(response.body).not.toContain('secret');
  });

  it('unknown API paths are JSON 404s, in every method', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const response = await t.app.inject({ method, url: '/api/nothing-here' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 1002, message: 'Not found' });
    }
  });

  // Found by the API fuzzer: both were a 500, or an answer without the envelope.
  it('refuses a NUL character anywhere in a request as a bad parameter naming the field, before any query', async () => {
    const inQuery = await t.app.inject({ method: 'GET', url: '/api/share/inviter?code=ab%00cd' });
    expect(inQuery.statusCode).toBe(400);
    expect(inQuery.json()).toEqual({
      code: 1001,
      message: 'Invalid request parameters: code',
      data: { field: 'code' },
    });
    const user = await login(t.app);
    const inBody = await t.injectAs(user, 'POST /api/feedback', { title: 'Hi', detail: 'a\u0000b' });
    expect(inBody.json()).toMatchObject({ code: 1001, data: { field: 'detail' } });
    expect((await t.injectAs(user, 'GET /api/feedback')).json().data.items).toEqual([]);
  });

  // A body of thousands of nested arrays once recursed through the NUL check with a path copy per
  // level: time grew with the square of the depth, before authentication, and ended in a 500.
  it('refuses a deeply nested JSON body as a bad body in milliseconds, before authentication or any walk of it', async () => {
    const deep = `${'['.repeat(8_000)}"x"${']'.repeat(8_000)}`;
    const json = { 'content-type': 'application/json' };
    const sendDeep = () => t.app.inject({ method: 'POST', url: '/api/feedback', headers: json, payload: deep });
    await sendDeep(); // builds what is built once (the errors check reads the OpenAPI document): not timed
    const started = performance.now();
    const response = await sendDeep();
    const ms = performance.now() - started;
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 1001,
      message: 'Invalid request parameters: body',
      data: { field: 'body' },
    });
    // Refused at the parser: a walk of 8,000 levels (validation, a deep copy) would take far longer, even on a busy machine.
    expect(ms).toBeLessThan(250);
    // Deep inside a string is only text, and a wide body within the size limit is parsed as usual.
    const user = await login(t.app);
    const inString = await t.injectAs(user, 'POST /api/feedback', { title: 'Brackets', detail: '['.repeat(1_000) });
    expect(inString.statusCode).toBe(200);
    const wide = await t.injectAs(user, 'POST /api/feedback', {
      title: 'Wide',
      detail: 'x',
      extra: Array.from({ length: 5_000 }, () => [1]),
    });
    expect(wide.statusCode).not.toBe(500);
    // The prototype keys Fastify's parser refuses are still refused.
    const proto = await t.app.inject({
      method: 'POST',
      url: '/api/feedback',
      headers: { ...user.auth, 'content-type': 'application/json' },
      payload: '{"title":"a","detail":"b","__proto__":{"x":1}}',
    });
    expect(proto.statusCode).toBe(400);
  });

  it('answers a path parameter over the router’s length limit, or a URL that does not decode, with the envelope', async () => {
    const tooLong = await t.app.inject({ method: 'POST', url: `/api/miners/${'9'.repeat(500)}/turn_on` });
    expect(tooLong.statusCode).toBe(414);
    expect(tooLong.json()).toEqual({ code: 1000, message: expect.any(String) });
    const badUrl = await t.app.inject({ method: 'GET', url: '/api/courses/%E0%A4%A' });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json()).toEqual({ code: 1000, message: expect.any(String) });
  });

  it('serves the OpenAPI contract generated from the schemas', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const doc = response.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/web3/verify', '/api/web3/refresh_token', '/api/web3/logout', '/api/user/info']),
    );
    const body = doc.paths['/api/web3/verify'].post.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(expect.arrayContaining(['address', 'signature', 'message']));
  });

  it('answers the root, index.html and client routes with the page carrying the runtime config', async () => {
    for (const url of ['/', '/index.html', '/mines?code=ABC']) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('window.__WALLX_CONFIG__=');
    }
    const response = await t.app.inject({ method: 'GET', url: '/user' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('window.__WALLX_CONFIG__={"apiHost":"https://api.example.com"');
    expect(response.body).toContain('https://example.com/\\u003c/script>');
    expect(response.body).not.toContain('<!--wallx-config-->');
  });

  it("names a screen's code and its texts in the visitor's language in the page of its path", async () => {
    const page = await t.app.inject({
      method: 'GET',
      url: '/Mines/?tab=node',
      headers: { 'accept-language': 'zh-CN,zh;q=0.9,en;q=0.8' },
    });
    expect(page.headers.vary).toContain('accept-language');
    const head = /<head>(.*)<\/head>/s.exec(page.body)![1]!;
    expect(head).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/zh_CN-z1.js"><link rel="modulepreload" crossorigin href="/assets/zh_CN-z2.js">',
    );
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/mines-screen-m1.js">');
    expect(head).toContain('<link rel="preload" as="style" crossorigin href="/assets/miners-m2.css">');
    expect(head).not.toContain('en_US');
    // No Accept-Language: the app's default language, English.
    expect((await t.app.inject({ method: 'GET', url: '/mines' })).body).toContain('href="/assets/en_US-e2.js"');
    // A path without a screen of its own gets the bare page.
    for (const url of ['/', '/no-such-screen'])
      expect((await t.app.inject({ method: 'GET', url })).body).not.toContain('modulepreload');
  });

  it('compresses the page for a client that takes it: brotli first, else gzip', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/mines' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await t.app.inject({
      method: 'GET',
      url: '/mines',
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gzip = await t.app.inject({ method: 'GET', url: '/mines', headers: { 'accept-encoding': 'gzip, br;q=0' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
  });

  it('sends a content security policy that allows the inline config script by its hash, and refuses framing', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/user' });
    const policy = String(page.headers['content-security-policy']);
    const inline = /<script>([^<]*)<\/script>/.exec(page.body)![1]!;
    const hash = crypto.createHash('sha256').update(inline).digest('base64');
    expect(policy).toContain(`script-src 'self' 'sha256-${hash}'`);
    expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    // WebAssembly may compile (a QR decoder), JavaScript may not be evaluated.
    expect(policy).toMatch(/script-src[^;]*'wasm-unsafe-eval'/);
    expect(policy).not.toMatch(/script-src[^;]*'unsafe-eval'/);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("connect-src 'self' https://api.example.com");
    expect(policy).toContain("object-src 'none'");
    for (const response of [
      page,
      await t.app.inject({ method: 'GET', url: '/api/nothing-here' }),
      await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' }),
    ]) {
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(response.headers['x-frame-options']).toBe('DENY');
      // Plain HTTP from a client that no trusted proxy vouches for: no HSTS.
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/nothing-here' })).headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    const spoofed = await t.app.inject({ method: 'GET', url: '/', headers: { 'x-forwarded-proto': 'https' } });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
  });

  it('answers a path that is no screen of the app, a probe’s among them, with a 404: the app’s page, unindexed', async () => {
    for (const url of ['/healthz', '/readyz', '/livez', '/no-such-screen', '/mines/extra']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<title>Page not found · WALLX</title>');
      expect(response.body).toContain('<meta name="robots" content="noindex">');
    }
    // The app's screens, as its router matches them (any case, a trailing slash), are pages.
    for (const url of ['/', '/index.html', '/Mines/', '/c2c/publish', '/aid-fund?x=1'])
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    // The API's unknown paths stay JSON.
    const api = await t.app.inject({ method: 'GET', url: '/api/healthz' });
    expect(api.statusCode).toBe(404);
    expect(api.json().code).toBe(1002);
  });

  it('serves the page’s head in the stored language, else the browser’s: lang, title, description and the preview’s tags', async () => {
    const ja = await t.app.inject({ method: 'GET', url: '/mines', headers: { 'accept-language': 'ja-JP,ja;q=0.9' } });
    expect(ja.body).toMatch(/^<html lang="ja-JP">/);
    expect(ja.body).toContain('<title>マイナー · WALLX</title>');
    expect(ja.body).toContain('<meta property="og:locale" content="ja_JP">');
    expect(ja.body).toContain('<meta property="og:image" content="http://localhost:80/og/ja_JP.png">');
    expect(ja.body).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(ja.headers.vary).toContain('cookie');
    // The choice made in the app (its cookie) wins over the browser's languages.
    const chosen = await t.app.inject({
      method: 'GET',
      url: '/checkin',
      headers: { 'accept-language': 'ja-JP', cookie: 'other=1; wallx_lang=zh_CN' },
    });
    expect(chosen.body).toMatch(/^<html lang="zh-CN">/);
    expect(chosen.body).toContain('<title>每日打卡 · WALLX</title>');
    expect(chosen.body).toContain('<meta name="description" content="每天记录情绪，赚取 WALLX。">');
    // A cookie that names no language of ours is no choice.
    const odd = await t.app.inject({ method: 'GET', url: '/', headers: { cookie: 'wallx_lang=<x>' } });
    expect(odd.body).toMatch(/^<html lang="en-US">/);
    expect(odd.body).toContain('<title>WALLX</title>');
    expect(odd.body).toContain('<meta property="og:url" content="http://localhost:80/">');
  });

  it('names the inviter of a /join link in its preview, shortened, and nothing of them for an unknown code', async () => {
    const inviter = await login(t.app);
    const code = inviter.userinfo.share_code;
    const short = `${inviter.account.address.slice(0, 5)}...${inviter.account.address.slice(-5)}`.toLowerCase();
    const page = await t.app.inject({ method: 'GET', url: `/join?code=${code.toLowerCase()}&utm=x` });
    expect(page.statusCode).toBe(200);
    expect(page.body.toLowerCase()).toContain(`<title>${short} invites you to wallx</title>`);
    expect(page.body.toLowerCase()).toContain(`<meta property="og:title" content="${short} invites you to wallx">`);
    expect(page.body).toContain('<meta property="og:image" content="http://localhost:80/og/invite-en_US.png">');
    expect(page.body).toContain(`<meta property="og:url" content="http://localhost:80/join?code=${code}">`);
    expect(page.body.toLowerCase()).not.toContain(inviter.account.address.toLowerCase());
    const ko = await t.app.inject({ method: 'GET', url: `/join?code=${code}`, headers: { 'accept-language': 'ko' } });
    expect(ko.body.toLowerCase()).toContain(`${short} 님이 wallx에 초대합니다`);
    for (const url of ['/join?code=NOSUCHCODE', '/join', `/join?code=${'A'.repeat(500)}`]) {
      const generic = await t.app.inject({ method: 'GET', url });
      expect(generic.statusCode).toBe(200);
      expect(generic.body).toContain('<title>Join WALLX · WALLX</title>');
      expect(generic.body).toContain('<meta property="og:image" content="http://localhost:80/og/en_US.png">');
      expect(generic.body).toContain('<meta property="og:url" content="http://localhost:80/join">');
    }
  });

  it("a /join page names its inviter only within the client's lookups per minute, as GET /api/share/inviter does", async () => {
    const limited = await buildTestApp({
      database: t.database,
      config: {
        webDistDir: distDir,
        rateLimit: { ...testConfig.rateLimit, inviterLookupsPerMinute: 2 },
      },
    });
    try {
      const inviter = await login(limited.app);
      const short = `${inviter.account.address.slice(0, 5)}...${inviter.account.address.slice(-5)}`.toLowerCase();
      const join = async () =>
        (
          await limited.app.inject({ method: 'GET', url: `/join?code=${inviter.userinfo.share_code}` })
        ).body.toLowerCase();
      expect(await join()).toContain(`<title>${short} invites you to wallx</title>`);
      expect(await join()).toContain(`<title>${short} invites you to wallx</title>`);
      // The third in the minute: the page still opens, with the generic card and nothing of the inviter.
      const third = await join();
      expect(third).toContain('<title>join wallx · wallx</title>');
      expect(third).not.toContain(short);
      // Pages without a code are not counted.
      expect((await limited.app.inject({ method: 'GET', url: '/mines' })).statusCode).toBe(200);
    } finally {
      await limited.app.close();
    }
  });

  it('a missing file is a 404, not the app page', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/gone-123.js' });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe(1002);
  });

  it('serves hashed assets with a long immutable cache', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
    expect(response.body).toBe('console.log(1)');
  });
});

/** A built console: its page and one hashed asset, under the /admin/ base. */
function fakeAdminDist(): string {
  const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallx-admin-dist-'));
  fs.mkdirSync(path.join(distDir, 'assets'));
  fs.writeFileSync(
    path.join(distDir, 'index.html'),
    '<html><head><script type="module" src="/admin/assets/console-def456.js"></script></head><body>console</body></html>',
  );
  fs.writeFileSync(path.join(distDir, 'assets', 'console-def456.js'), 'console.log(2)');
  return distDir;
}

describe('the operator console at /admin', () => {
  let t: TestApp;
  let distDir: string;
  let adminDistDir: string;
  beforeAll(async () => {
    distDir = fakeDist();
    adminDistDir = fakeAdminDist();
    t = await buildTestApp({ config: { webDistDir: distDir, adminDistDir, publicApiHost: 'https://api.example.com' } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(distDir, { recursive: true, force: true });
    fs.rmSync(adminDistDir, { recursive: true, force: true });
  });

  it('answers /admin and its client routes with the console page, never the phone app (whose page sends desktops away)', async () => {
    for (const url of [
      '/admin',
      '/admin/',
      '/admin/index.html',
      '/admin/audit',
      '/admin/feedback?status=replied',
      '/admin/login',
    ]) {
      const page = await t.app.inject({
        method: 'GET',
        url,
        headers: { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/130.0' },
      });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type'], url).toContain('text/html');
      expect(page.headers['cache-control'], url).toBe('no-cache');
      expect(page.body, url).toContain('console</body>');
      expect(page.body, url).not.toContain('__WALLX_CONFIG__');
    }
    // The phone app's routes keep the phone app's page.
    expect((await t.app.inject({ method: 'GET', url: '/user' })).body).toContain('window.__WALLX_CONFIG__=');
    expect((await t.app.inject({ method: 'GET', url: '/administration' })).body).toContain('window.__WALLX_CONFIG__=');
  });

  it("lists only the API in /api/openapi.json: the app's and the console's pages are not operations", async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const paths = Object.keys(document.paths);
    expect(paths.length).toBeGreaterThan(100);
    expect(paths.filter((path) => !path.startsWith('/api/'))).toEqual([]);
  });

  it('sends the console a strict policy of its own: its scripts only, no inline code, no framing', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/admin/audit' });
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toMatch(/script-src[^;]*'(unsafe-inline|unsafe-eval|wasm-unsafe-eval|sha256-)/);
    expect(policy).toContain("connect-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves its hashed assets with a long cache; a missing one is a 404', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/admin/assets/console-def456.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect(asset.body).toBe('console.log(2)');
    const gone = await t.app.inject({ method: 'GET', url: '/admin/assets/gone-1.js' });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().code).toBe(1002);
    // The phone app's assets stay where they were.
    expect((await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' })).body).toBe('console.log(1)');
  });

  it('is a 404 when the console was not built, not the phone app', async () => {
    const bare = await buildTestApp({
      config: { webDistDir: distDir, adminDistDir: path.join(os.tmpdir(), 'no-such-admin-dist') },
    });
    try {
      const response = await bare.app.inject({ method: 'GET', url: '/admin/audit' });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('__WALLX_CONFIG__');
    } finally {
      await bare.close();
    }
  });
});

describe('migrations', () => {
  it('apply once; a second run applies nothing', async () => {
    const database = await createTestDatabase();
    try {
      expect(await migrate(database.db)).toEqual([]);
    } finally {
      await database.close();
    }
  });
});

describe('client addresses behind proxies', () => {
  // One database for the five apps: only their proxy setting differs.
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  async function ipSeen(trustProxy: false | number | string[], forwardedFor: string): Promise<string> {
    const t = await buildTestApp({ config: { trustProxy }, database });
    try {
      t.app.get('/api/test/ip', async (request) => ({ ip: request.ip }));
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/test/ip',
        headers: { 'x-forwarded-for': forwardedFor },
      });
      return response.json().ip;
    } finally {
      await t.close();
    }
  }

  it('believes X-Forwarded-For only as far as the configured proxies, so a client cannot name its own address', async () => {
    // The client put 6.6.6.6 in the header itself; our one proxy appended the address it saw.
    const header = '6.6.6.6, 203.0.113.7';
    expect(await ipSeen(1, header)).toBe('203.0.113.7');
    expect(await ipSeen(2, header)).toBe('6.6.6.6');
    expect(await ipSeen(['127.0.0.1'], header)).toBe('203.0.113.7');
    expect(await ipSeen(['10.9.9.9'], header)).toBe('127.0.0.1');
    expect(await ipSeen(false, header)).toBe('127.0.0.1');
  });
});

describe('behind a TLS proxy, in production', () => {
  let t: TestApp;
  let distDir: string;
  beforeAll(async () => {
    distDir = fakeDist();
    t = await buildTestApp({ config: { env: 'production', webDistDir: distDir, trustProxy: 1 } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(distDir, { recursive: true, force: true });
  });

  it('sends HSTS over TLS and serves no source maps', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/', headers: { 'x-forwarded-proto': 'https' } });
    expect(page.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const map = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js.map' });
    expect(map.statusCode).toBe(404);
    expect(map.body).not.toContain('secret.tsx');
    expect((await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' })).statusCode).toBe(200);
  });
});
