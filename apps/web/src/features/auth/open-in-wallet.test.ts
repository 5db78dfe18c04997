import { describe, expect, it } from 'vitest';
import { chatAppOf, openInWalletLink, walletApps, walletConnectApps, walletConnectLink } from './open-in-wallet';

const page = 'https://app.wallx.io/join?code=K7M2QX9P&lang=zh_CN#top';

describe('links that hand a WalletConnect pairing to a wallet on this phone', () => {
  const uri =
    'wc:7f6e504bfad60b485450578e05678ed3e8e8c4751d3c6160be17160d63ec90f9@2?relay-protocol=irn&symKey=587d5484ce2a2a6ee3ba1962fdd7e8588e06200c46823bd18fbd67def96ad303';
  it('open each wallet by its own registered link, the URI encoded whole', () => {
    const links = Object.fromEntries(walletConnectApps.map((app) => [app, walletConnectLink(app, uri)]));
    const encoded = encodeURIComponent(uri);
    expect(links).toEqual({
      metamask: `metamask://wc?uri=${encoded}`,
      trust: `trust://wc?uri=${encoded}`,
      tokenpocket: `tpoutside://wc?uri=${encoded}`,
      okx: `okex://main/wc?uri=${encoded}`,
      bitget: `bitkeep://wc?uri=${encoded}`,
      safepal: `safepalwallet://wc?uri=${encoded}`,
      binance: `bnc://app.binance.com/cedefi/wc?uri=${encoded}`,
    });
    for (const link of Object.values(links)) expect(new URL(link).searchParams.get('uri')).toBe(uri);
  });
});

describe('links that open the page in a wallet', () => {
  it('each carries the whole page, invite code included, in the wallet’s documented form', () => {
    expect(openInWalletLink('trust', page)).toBe(
      `https://link.trustwallet.com/open_url?coin_id=20000714&url=${encodeURIComponent(page)}`,
    );
    expect(openInWalletLink('metamask', page)).toBe(
      'https://link.metamask.io/dapp/app.wallx.io/join?code=K7M2QX9P&lang=zh_CN#top',
    );
    expect(openInWalletLink('bitget', page)).toBe(`https://bkcode.vip?action=dapp&url=${encodeURIComponent(page)}`);

    const tp = new URL(openInWalletLink('tokenpocket', page));
    expect(tp.protocol).toBe('tpdapp:');
    expect(JSON.parse(tp.searchParams.get('params')!)).toEqual({ url: page, chain: 'BSC', source: 'WALLX' });

    // OKX: the okx:// link inside its universal link, so the page is encoded twice.
    const okx = new URL(openInWalletLink('okx', page));
    expect(okx.origin + okx.pathname).toBe('https://web3.okx.com/download');
    const inner = new URL(okx.searchParams.get('deeplink')!);
    expect(inner.href.startsWith('okx://wallet/dapp/url?')).toBe(true);
    expect(inner.searchParams.get('dappUrl')).toBe(page);

    // Decoded, every link gives back the page with its code.
    for (const app of walletApps)
      expect(decodeURIComponent(decodeURIComponent(openInWalletLink(app, page))), app).toContain('code=K7M2QX9P');
  });

  it('an unusual page (spaces, unicode, ampersands in the query) survives the trip', () => {
    const odd = 'https://app.wallx.io/join?code=A&B=%E4%BD%A0 x';
    for (const app of ['trust', 'bitget'] as const)
      expect(new URL(openInWalletLink(app, odd)).searchParams.get('url')).toBe(new URL(odd).toString());
  });
});

describe('chat apps’ browsers', () => {
  it.each([
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.44(0x18002c2f) NetType/WIFI Language/zh_CN',
      'wechat',
    ],
    [
      'Mozilla/5.0 (Linux; Android 13; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36 Telegram-Android/10.5.0',
      'telegram',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Safari Line/13.20.0',
      'line',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/440.0]',
      'facebook',
    ],
    ['Mozilla/5.0 (Linux; Android 12) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 QQ/8.9.88', 'qq'],
  ])('%s is %s', (userAgent, app) => {
    expect(chatAppOf(userAgent)).toBe(app);
  });

  it('a phone’s own browser or a wallet’s is none', () => {
    expect(
      chatAppOf(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      ),
    ).toBeNull();
    expect(
      chatAppOf(
        'Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36 TokenPocket_Android',
      ),
    ).toBeNull();
  });
});
