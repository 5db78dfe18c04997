import type { WalletsMessages } from './en_US.js';

export const id_ID: WalletsMessages = {
  wallets: {
    searching: 'Mencari dompet di browser ini…',
    choose: 'Pilih dompet untuk masuk',
    browser_wallet: 'Dompet browser',
    login_with: 'Masuk dengan {{wallet}}',
    none_title: 'Tidak ada dompet di browser ini',
    none_tip: 'Buka halaman ini di aplikasi dompet Anda: kode undangan ikut terbawa.',
    open_in: 'Buka di {{wallet}}',
    copy_link: 'Salin tautan untuk dompet lain',
    link_copied: 'Tautan disalin: tempel di browser aplikasi dompet Anda',
    qr: 'Atau pindai dengan dompet di ponsel lain',
    chat_title: 'Dompet tidak bisa dibuka di dalam {{app}}',
    chat_tip:
      'Ketuk ··· atau ⋮ di kanan atas dan pilih “Buka di browser”, lalu hubungkan di sana. Atau salin tautan dan tempel di browser aplikasi dompet Anda.',
    app_wechat: 'WeChat',
    app_qq: 'QQ',
    app_weibo: 'Weibo',
    app_telegram: 'Telegram',
    app_line: 'LINE',
    app_facebook: 'Facebook',
    app_instagram: 'Instagram',
    wc_choose: 'Hubungkan dengan WalletConnect',
    wc_hint: 'dompet di ponsel ini atau ponsel lain',
    wc_starting: 'Memulai WalletConnect…',
    wc_scan: 'Pindai kode ini dengan aplikasi dompet di ponsel lain, atau buka dompet di ponsel ini.',
    wc_qr: 'Kode pemasangan WalletConnect',
    wc_open: 'Buka dompet di ponsel ini',
    wc_failed: 'WalletConnect tidak dapat terhubung: coba lagi',
  },
};
