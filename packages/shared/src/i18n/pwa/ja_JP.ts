import type { PwaMessages } from './en_US.js';

export const ja_JP: PwaMessages = {
  pwa: {
    offline: 'オフラインです：表示内容が最新でない可能性があります。',
    update_ready: '新しいバージョンの準備ができました。',
    update_reload: '再読み込み',
    dismiss: 'あとで',
  },
};
