import type { PwaMessages } from './en_US.js';

export const ko_KR: PwaMessages = {
  pwa: {
    offline: '오프라인 상태입니다: 표시된 내용이 최신이 아닐 수 있습니다.',
    update_ready: '새 버전이 준비되었습니다.',
    update_reload: '새로고침',
    dismiss: '나중에',
  },
};
