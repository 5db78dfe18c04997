import type { WalletsMessages } from './en_US.js';

export const ja_JP: WalletsMessages = {
  wallets: {
    searching: 'このブラウザのウォレットを探しています…',
    choose: 'ログインに使うウォレットを選んでください',
    browser_wallet: 'ブラウザのウォレット',
    login_with: '{{wallet}} でログイン',
    none_title: 'このブラウザにウォレットがありません',
    none_tip: 'ウォレットアプリでこのページを開いてください。招待コードも引き継がれます。',
    open_in: '{{wallet}} で開く',
    copy_link: 'ほかのウォレット用にリンクをコピー',
    link_copied: 'リンクをコピーしました。ウォレットアプリのブラウザに貼り付けてください',
    qr: 'または別のスマホのウォレットで読み取る',
    chat_title: '{{app}} の中ではウォレットを開けません',
    chat_tip:
      '右上の ··· または ⋮ をタップして「ブラウザで開く」を選び、そこで接続してください。リンクをコピーしてウォレットアプリのブラウザに貼り付けることもできます。',
    app_wechat: 'WeChat',
    app_qq: 'QQ',
    app_weibo: 'Weibo',
    app_telegram: 'Telegram',
    app_line: 'LINE',
    app_facebook: 'Facebook',
    app_instagram: 'Instagram',
    wc_choose: 'WalletConnect で接続',
    wc_hint: 'このスマホか別のスマホのウォレット',
    wc_starting: 'WalletConnect を起動しています…',
    wc_scan: '別のスマホのウォレットアプリでこのコードを読み取るか、このスマホでウォレットを開いてください。',
    wc_qr: 'WalletConnect のペアリングコード',
    wc_failed: 'WalletConnect で接続できませんでした。もう一度お試しください',
    unauthorized:
      'ウォレットがこのサイトにそのアカウントの使用を許可していません。ウォレットで承認するか、もう一度接続してください',
    disconnected: 'ウォレットの接続が切れています。ウォレットを開くかロックを解除してから、もう一度お試しください',
    chain_disconnected:
      'ウォレットがこのネットワークに接続されていません。ウォレットでネットワークを選んでから、もう一度お試しください',
    wc_open_in: 'この端末の {{wallet}} で接続',
    wc_other: 'この端末のほかのウォレット',
    paste_in: 'Binance Web3 Wallet・SafePal：リンクをコピーして、ウォレット内のブラウザに貼り付けてください。',
  },
};
