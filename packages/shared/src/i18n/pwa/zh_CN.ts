import type { PwaMessages } from './en_US.js';

export const zh_CN: PwaMessages = {
  pwa: {
    offline: '当前处于离线状态：显示的内容可能不是最新的。',
    update_ready: '新版本已就绪。',
    update_reload: '重新加载',
    dismiss: '稍后',
  },
};
