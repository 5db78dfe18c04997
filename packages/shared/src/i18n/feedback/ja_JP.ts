import type { FeedbackMessages } from './en_US.js';

export const ja_JP: FeedbackMessages = {
  feedback: {
    lead: '不具合やご要望があればお知らせください。すべてのメッセージを担当者が読み、ここで返信します。',
    new: 'ご意見を送る',
    title: '件名',
    title_placeholder: '内容を短く',
    title_required: '件名を入力してください',
    detail: '詳細',
    detail_placeholder: '何が起きたか、どうなると思っていたか',
    detail_required: 'ご意見の内容を入力してください',
    too_long: '{{max}}文字以内',
    limits: '1時間に{{hour}}件、1日に{{day}}件まで送信できます。',
    send: '送信',
    sending: '送信中…',
    sent: '送信しました。ここで返信します。',
    mine: '送信したご意見',
    empty: 'まだご意見はありません',
    empty_text: '送信したメッセージと返信がここに表示されます。',
    reply: 'WALLXからの返信',
    new_reply: '新着',
    status: {
      open: '返信待ち',
      replied: '返信済み',
    },
  },
};
