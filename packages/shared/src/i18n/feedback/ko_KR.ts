import type { FeedbackMessages } from './en_US.js';

export const ko_KR: FeedbackMessages = {
  feedback: {
    lead: '문제가 있거나 바라는 점이 있으면 알려 주세요. 모든 메시지는 담당자가 읽고 이곳에서 답변드립니다.',
    new: '의견 보내기',
    title: '제목',
    title_placeholder: '간단히 요약해 주세요',
    title_required: '제목을 입력하세요',
    detail: '상세 내용',
    detail_placeholder: '무슨 일이 있었고 어떤 결과를 기대했는지',
    detail_required: '의견 내용을 입력하세요',
    too_long: '최대 {{max}}자',
    limits: '한 시간에 {{hour}}건, 하루에 {{day}}건까지 보낼 수 있습니다.',
    send: '보내기',
    sending: '보내는 중…',
    sent: '전송되었습니다. 이곳에서 답변드리겠습니다.',
    mine: '내 의견',
    empty: '보낸 의견이 없습니다',
    empty_text: '보낸 메시지와 답변이 여기에 표시됩니다.',
    reply: 'WALLX 답변',
    new_reply: '새 답변',
    status: {
      open: '답변 대기',
      replied: '답변 완료',
    },
  },
};
