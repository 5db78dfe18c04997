import type { NoticesMessages } from './en_US.js';

export const ko_KR: NoticesMessages = {
  notices: {
    title: '알림',
    unread: '알림, 읽지 않음 {{count}}건',
    list: '내 알림',
    empty: '알림이 없습니다',
    empty_text: '주문, 입금, 출금, 채굴기, 배송 소식을 여기에서 알려 드립니다.',
    new: '새 알림',
    order: {
      filled_mtrade: '채굴기 {{miner_no}}이(가) {{amount}} {{asset}}에 판매되었습니다',
      filled_c2c: 'WALLX 주문이 체결되어 {{amount}} {{asset}}을(를) 받았습니다',
      expired_mtrade: '채굴기 {{miner_no}} 판매 등록이 만료되었습니다',
      expired_c2c: 'WALLX 주문이 만료되었습니다',
      cancelled_mtrade: '채굴기 {{miner_no}} 판매 등록이 취소되었습니다',
      cancelled_c2c: 'WALLX 주문이 취소되었습니다',
      by_operator: '운영자가 주문을 취소했습니다: {{reason}}',
    },
    deposit: {
      pending: '{{amount}} {{asset}} 입금이 확인되었습니다',
      confirming: '{{amount}} {{asset}} 입금 확인 중',
      credited: '{{amount}} {{asset}} 입금이 완료되었습니다',
      failed: '{{amount}} {{asset}} 입금이 체인에서 실패했습니다',
      invalid: '{{amount}} {{asset}} 입금이 승인되지 않았습니다',
    },
    withdrawal: {
      pending_review: '{{amount}} {{asset}} 출금이 심사 대기 중입니다',
      queued: '{{amount}} {{asset}} 출금이 승인되었습니다',
      broadcast: '{{amount}} {{asset}} 출금이 체인에 전송되었습니다',
      processing: '{{amount}} {{asset}} 출금 처리 중',
      completed: '{{amount}} {{asset}} 출금이 완료되었습니다',
      refunded: '{{amount}} {{asset}} 출금이 잔액으로 환불되었습니다',
      rejected: '{{amount}} {{asset}} 출금이 거절되어 잔액으로 돌아왔습니다',
    },
    received_from: '{{from}}에게서 {{amount}} {{asset}}을(를) 받았습니다',
    received: '{{amount}} {{asset}}을(를) 받았습니다',
    miner_received: '{{from}}에게서 채굴기 {{miner_no}}을(를) 받았습니다',
    output_ready_one: '{{day}} 산출: 채굴기 {{count}}대에서 {{amount}} WALLX',
    output_ready_other: '{{day}} 산출: 채굴기 {{count}}대에서 {{amount}} WALLX',
    shipping: {
      to_ship: '배송이 접수되었습니다: 곧 발송됩니다',
      shipped: '택배가 발송되었습니다',
      pending: '수령 준비 완료: 수령처에서 코드를 보여 주세요',
      written_off: '채굴기를 수령했습니다',
    },
    feedback_reply: '피드백 “{{title}}”에 답변이 도착했습니다',
  },
};
