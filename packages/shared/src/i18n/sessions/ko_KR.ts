import type { SessionsMessages } from './en_US.js';

export const ko_KR: SessionsMessages = {
  sessions: {
    title: '로그인 세션',
    text: '이 지갑으로 로그인된 모든 기기입니다. 모르는 기기가 있으면 종료하세요.',
    current: '이 기기',
    end: '종료',
    end_others: '다른 모든 세션 종료',
    ended: '세션이 종료되었습니다',
    others_ended: '다른 세션이 모두 종료되었습니다',
    unknown_device: '알 수 없는 기기',
    last_used: '최근 사용 {{time}}',
    signed_in: '로그인 {{time}}',
    failed: '세션을 불러올 수 없습니다',
  },
};
