import type { WalletsMessages } from './en_US.js';

export const zh_CN: WalletsMessages = {
  wallets: {
    searching: '正在查找此浏览器中的钱包…',
    choose: '选择用于登录的钱包',
    browser_wallet: '浏览器钱包',
    login_with: '使用 {{wallet}} 登录',
    none_title: '此浏览器中没有钱包',
    none_tip: '请在钱包 App 中打开此页面，邀请码会一并带上。',
    open_in: '在 {{wallet}} 中打开',
    copy_link: '复制链接，用于其他钱包',
    link_copied: '链接已复制：请粘贴到钱包 App 的浏览器中',
    qr: '或用另一部手机上的钱包扫码',
    chat_title: '{{app}} 内无法打开钱包',
    chat_tip:
      '点击右上角的 ··· 或 ⋮，选择“在浏览器中打开”，再在浏览器中连接。也可以复制链接，粘贴到钱包 App 的浏览器中。',
    app_wechat: '微信',
    app_qq: 'QQ',
    app_weibo: '微博',
    app_telegram: 'Telegram',
    app_line: 'LINE',
    app_facebook: 'Facebook',
    app_instagram: 'Instagram',
    wc_choose: '使用 WalletConnect 连接',
    wc_hint: '本机或另一部手机上的钱包',
    wc_starting: '正在启动 WalletConnect…',
    wc_scan: '用另一部手机上的钱包 App 扫描此码，或在本机打开钱包。',
    wc_qr: 'WalletConnect 配对码',
    wc_open: '在本机打开钱包',
    wc_failed: 'WalletConnect 无法连接，请重试',
  },
};
