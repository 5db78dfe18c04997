import crypto from 'node:crypto';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, renderIndexHtml } from './web-app.js';

const page = { apiHost: '', mainSiteUrl: 'https://wallx.io' };
const walletConnect = { projectId: 'abc123', relayUrl: 'wss://relay.walletconnect.org', chainId: 56 };

describe('the page’s WalletConnect settings', () => {
  it('are written into the page only when the operator set a project, with the chain a session asks for', () => {
    expect(renderIndexHtml('<!--wallx-config-->', page)).toContain('"walletConnect":null');
    expect(renderIndexHtml('<!--wallx-config-->', { ...page, walletConnect })).toContain(
      '"walletConnect":{"projectId":"abc123","relayUrl":"wss://relay.walletconnect.org","chainId":56}',
    );
  });

  it('open the policy to the relay and to WalletConnect’s Verify frame only then', () => {
    const without = contentSecurityPolicy(page);
    expect(without).toContain("connect-src 'self';");
    expect(without).not.toContain('walletconnect');
    expect(without).not.toContain('frame-src');
    const withIt = contentSecurityPolicy({ ...page, walletConnect });
    expect(withIt).toContain(
      "connect-src 'self' wss://relay.walletconnect.org https://verify.walletconnect.org https://verify.walletconnect.com",
    );
    expect(withIt).toContain('frame-src https://verify.walletconnect.org https://verify.walletconnect.com');
    expect(withIt).toContain("frame-ancestors 'none'");
  });
});

describe('the page’s inline scripts', () => {
  it('each run under the policy by its hash: the config, the shell that paints first and the service worker’s registration (apps/web/index.html)', () => {
    const template = fs.readFileSync(new URL('../../../../web/index.html', import.meta.url), 'utf8');
    const rendered = renderIndexHtml(template, page);
    const scripts = [...rendered.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(([, body]) => body!);
    expect(scripts).toHaveLength(3);
    const policy = contentSecurityPolicy(page, rendered);
    for (const script of scripts)
      expect(policy).toContain(`'sha256-${crypto.createHash('sha256').update(script).digest('base64')}'`);
    expect(policy).not.toContain("'unsafe-inline' 'wasm");
  });
});
