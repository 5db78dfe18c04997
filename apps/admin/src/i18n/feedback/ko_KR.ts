import type { FeedbackMessages } from './en_US';

export const ko_KR: FeedbackMessages = {
  feedback: {
    title: '피드백',
    lead: '사용자가 앱에서 보낸 메시지입니다. 답장은 사용자의 피드백 페이지에 바로 표시됩니다.',
    status: '상태',
    status_all: '전체',
    status_open: '미답변',
    status_replied: '답변 완료',
    received: '받은 시간',
    user: '사용자',
    subject: '제목',
    replied_by: '답변자',
    open_message: '“{{title}}” 읽기',
    message: '메시지',
    reply: '답장',
    reply_hint: '최대 {{max}}자. 사용자가 앱에서 읽습니다.',
    reply_required: '먼저 답장을 작성하세요.',
    reply_too_long: '최대 {{max}}자입니다.',
    send_reply: '답장 보내기',
    sending: '보내는 중…',
    replied_at: '{{time}}에 {{operator}}이(가) 답변',
    sent: '답장을 보냈습니다.',
    cannot_reply: '내 역할({{role}})은 피드백을 읽을 수 있지만 답장할 수는 없습니다.',
    pick: '표에서 메시지를 선택하면 읽고 답장할 수 있습니다.',
  },
};
