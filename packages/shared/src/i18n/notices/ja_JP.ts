import type { NoticesMessages } from './en_US.js';

export const ja_JP: NoticesMessages = {
  notices: {
    title: 'お知らせ',
    unread: 'お知らせ、未読 {{count}}件',
    list: 'お知らせ一覧',
    empty: 'お知らせはまだありません',
    empty_text: '注文・入金・出金・マイナー・配送の動きをここでお知らせします。',
    new: '新着',
    order: {
      filled_mtrade: 'マイナー {{miner_no}} が {{amount}} {{asset}} で売れました',
      filled_c2c: 'WALLX の注文が成立しました：{{amount}} {{asset}} を受け取りました',
      expired_mtrade: 'マイナー {{miner_no}} の出品が期限切れになりました',
      expired_c2c: 'WALLX の注文が期限切れになりました',
      cancelled_mtrade: 'マイナー {{miner_no}} の出品を取り消しました',
      cancelled_c2c: 'WALLX の注文を取り消しました',
      by_operator: '運営者が注文を取り消しました：{{reason}}',
    },
    deposit: {
      pending: '{{amount}} {{asset}} の入金を検出しました',
      confirming: '{{amount}} {{asset}} の入金を確認中です',
      credited: '{{amount}} {{asset}} の入金が反映されました',
      failed: '{{amount}} {{asset}} の入金はチェーン上で失敗しました',
      invalid: '{{amount}} {{asset}} の入金は受け付けられませんでした',
    },
    withdrawal: {
      pending_review: '{{amount}} {{asset}} の出金は審査待ちです',
      queued: '{{amount}} {{asset}} の出金が承認されました',
      broadcast: '{{amount}} {{asset}} の出金をチェーンに送信しました',
      processing: '{{amount}} {{asset}} の出金を処理中です',
      completed: '{{amount}} {{asset}} の出金が完了しました',
      refunded: '{{amount}} {{asset}} の出金は残高に返金されました',
      rejected: '{{amount}} {{asset}} の出金は却下され、残高に戻りました',
    },
    received_from: '{{from}} から {{amount}} {{asset}} を受け取りました',
    received: '{{amount}} {{asset}} を受け取りました',
    miner_received: '{{from}} からマイナー {{miner_no}} を受け取りました',
    output_ready_one: '{{day}} の産出：マイナー {{count}} 台で {{amount}} WALLX',
    output_ready_other: '{{day}} の産出：マイナー {{count}} 台で {{amount}} WALLX',
    shipping: {
      to_ship: '配送を受け付けました：まもなく発送します',
      shipped: '荷物を発送しました',
      pending: '受け取りの準備ができました：受取所でコードを見せてください',
      written_off: 'マイナーを受け取りました',
    },
    feedback_reply: 'フィードバック「{{title}}」に返信がありました',
  },
};
