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
