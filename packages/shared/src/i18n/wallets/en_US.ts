import type { Widen } from '../widen.js';

/** English texts of the connect sheet's wallet states: choosing one, none here, a chat app's browser. */
export const en_US = {
  wallets: {
    searching: 'Looking for a wallet in this browser…',
    choose: 'Choose the wallet to log in with',
    browser_wallet: 'Browser wallet',
    login_with: 'Log in with {{wallet}}',
    none_title: 'No wallet in this browser',
    none_tip: 'Open this page in your wallet app: your invite code comes along.',
    open_in: 'Open in {{wallet}}',
    copy_link: 'Copy the link for another wallet',
    link_copied: 'Link copied: paste it into your wallet app’s browser',
    qr: 'Or scan it with a wallet on another phone',
    chat_title: 'Wallets cannot open inside {{app}}',
    chat_tip:
      'Tap ··· or ⋮ at the top right and choose “Open in browser”, then connect there. Or copy the link and paste it into your wallet app’s browser.',
    app_wechat: 'WeChat',
    app_qq: 'QQ',
    app_weibo: 'Weibo',
    app_telegram: 'Telegram',
    app_line: 'LINE',
    app_facebook: 'Facebook',
    app_instagram: 'Instagram',
    wc_choose: 'Connect with WalletConnect',
    wc_hint: 'a wallet on this phone or another',
    wc_starting: 'Starting WalletConnect…',
    wc_scan: 'Scan this code with your wallet app on another phone, or open a wallet on this one.',
    wc_qr: 'WalletConnect pairing code',
    wc_failed: 'WalletConnect could not connect: try again',
    unauthorized: 'Your wallet has not allowed this site that account: approve it in the wallet, or connect again',
    disconnected: 'Your wallet is disconnected: open or unlock it, then try again',
    chain_disconnected: 'Your wallet is not connected to this network: choose it in the wallet, then try again',
    wc_open_in: 'Connect with {{wallet}} on this phone',
    wc_other: 'Another wallet on this phone',
    paste_in: 'Binance Web3 Wallet, SafePal: copy the link and paste it into the wallet’s own browser.',
  },
} as const;

export type WalletsMessages = Widen<typeof en_US>;
