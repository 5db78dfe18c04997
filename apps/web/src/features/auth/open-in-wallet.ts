/**
 * Links that open a page inside a wallet app's own browser, in each wallet's documented format
 * (decision 82 names the sources). The whole page URL travels: path, query (the invite `code`) and
 * hash. Binance Web3 Wallet is absent: it no longer opens outside links in its browser.
 */
export const walletApps = ['tokenpocket', 'trust', 'metamask', 'okx', 'bitget'] as const;
export type WalletApp = (typeof walletApps)[number];

/** What the wallets display as their names (not translated). */
export const walletAppNames: Record<WalletApp, string> = {
  tokenpocket: 'TokenPocket',
  trust: 'Trust Wallet',
  metamask: 'MetaMask',
  okx: 'OKX Wallet',
  bitget: 'Bitget Wallet',
};

/** BNB Smart Chain in Trust Wallet's universal asset ids (SLIP-44 style: c20000714). */
export const TRUST_BSC_COIN_ID = '20000714';

export function openInWalletLink(app: WalletApp, pageUrl: string): string {
  const url = new URL(pageUrl).toString();
  switch (app) {
    // TokenPocket: a JSON of url, chain and our name, URI-encoded (its only documented form is the scheme).
    case 'tokenpocket':
      return `tpdapp://open?params=${encodeURIComponent(JSON.stringify({ url, chain: 'BSC', source: 'WALLX' }))}`;
    // Trust Wallet: its universal link (a download page when the app is missing), on BSC.
    case 'trust':
      return `https://link.trustwallet.com/open_url?coin_id=${TRUST_BSC_COIN_ID}&url=${encodeURIComponent(url)}`;
    // MetaMask: the page without its scheme, as the path.
    case 'metamask':
      return `https://link.metamask.io/dapp/${url.replace(/^https?:\/\//, '')}`;
    // OKX: the okx:// link, itself encoded into its universal link.
    case 'okx':
      return `https://web3.okx.com/download?deeplink=${encodeURIComponent(`okx://wallet/dapp/url?dappUrl=${encodeURIComponent(url)}`)}`;
    // Bitget (BitKeep): the https form, the only one Android's browsers may follow.
    case 'bitget':
      return `https://bkcode.vip?action=dapp&url=${encodeURIComponent(url)}`;
  }
}

/** Chat apps whose in-app browsers open no wallet: the user has to reach the phone's browser first. */
export type ChatApp = 'wechat' | 'qq' | 'weibo' | 'telegram' | 'line' | 'facebook' | 'instagram';

const chatAppPatterns: ReadonlyArray<readonly [ChatApp, RegExp]> = [
  ['wechat', /MicroMessenger/i],
  ['qq', /\bQQ\//],
  ['weibo', /Weibo/i],
  ['telegram', /Telegram/i],
  ['line', /\bLine\//],
  ['facebook', /FBAN|FBAV|FB_IAB/],
  ['instagram', /Instagram/],
];

/** The chat app whose browser this is, from its user agent, or null. */
export function chatAppOf(userAgent: string): ChatApp | null {
  return chatAppPatterns.find(([, pattern]) => pattern.test(userAgent))?.[0] ?? null;
}
