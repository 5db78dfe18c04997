import type { AuditMessages } from './en_US';

export const ko_KR: AuditMessages = {
  audit: {
    title: '감사 로그',
    lead: '운영자가 한 모든 변경(최신순). 기록은 수정되거나 삭제되지 않습니다.',
    time: '시간',
    operator: '운영자',
    operator_placeholder: '0x… 주소',
    action: '작업',
    action_placeholder: '예: feedback.reply',
    subject_type: '대상 유형',
    subject_type_placeholder: '예: feedback',
    subject_id: '대상 ID',
    subject: '대상',
    view: '보기',
    view_entry: '기록 {{id}} 보기',
    detail_title: '기록 {{id}}',
    before: '변경 전',
    after: '변경 후',
    detail: '상세',
    nothing: '(없음)',
  },
};
