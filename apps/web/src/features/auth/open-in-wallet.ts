/**
 * Links that open a page inside a wallet app's own browser, in each wallet's documented format
 * (decision 82 names the sources). The whole page URL travels: path, query (the invite `code`) and
 * hash. Binance Web3 Wallet is absent: it no longer opens outside links in its browser; SafePal
 * documents no such link. The sheet tells both to paste the copied link (`wallets.paste_in`).
 */
export const walletApps = ['tokenpocket', 'trust', 'metamask', 'okx', 'bitget'] as const;
export type WalletApp = (typeof walletApps)[number];

/** Wallets a WalletConnect pairing can open on this phone, by their own link (walletConnectLink). */
export const walletConnectApps = ['metamask', 'trust', 'tokenpocket', 'okx', 'bitget', 'safepal', 'binance'] as const;
export type WalletConnectApp = (typeof walletConnectApps)[number];

/** What the wallets display as their names (not translated). */
export const walletAppNames: Record<WalletApp | WalletConnectApp, string> = {
  tokenpocket: 'TokenPocket',
  trust: 'Trust Wallet',
  metamask: 'MetaMask',
  okx: 'OKX Wallet',
  bitget: 'Bitget Wallet',
  safepal: 'SafePal',
  binance: 'Binance Web3 Wallet',
};

/**
 * Each wallet's own app link for a WalletConnect pairing URI, as the wallet registers it in
 * WalletConnect's wallet registry (its `mobile.native` link, then `wc?uri=` and the URI encoded, the
 * form WalletConnect's own modal builds): a bare `wc:` link opens whichever app claims the scheme,
 * or none (iOS lets several apps claim it and picks one).
 */
const walletConnectPrefixes: Record<WalletConnectApp, string> = {
  metamask: 'metamask://',
  trust: 'trust://',
  tokenpocket: 'tpoutside://',
  okx: 'okex://main/',
  bitget: 'bitkeep://',
  safepal: 'safepalwallet://',
  binance: 'bnc://app.binance.com/cedefi/',
};

export function walletConnectLink(app: WalletConnectApp, pairingUri: string): string {
  return `${walletConnectPrefixes[app]}wc?uri=${encodeURIComponent(pairingUri)}`;
}

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
