import type { FeedbackMessages } from './en_US';

export const ja_JP: FeedbackMessages = {
  feedback: {
    title: 'フィードバック',
    lead: 'ユーザーがアプリから送ったメッセージ。返信はすぐにユーザーのフィードバックページに表示されます。',
    status: '状態',
    status_all: 'すべて',
    status_open: '未返信',
    status_replied: '返信済み',
    received: '受信日時',
    user: 'ユーザー',
    subject: '件名',
    replied_by: '返信者',
    open_message: '「{{title}}」を読む',
    message: 'メッセージ',
    reply: '返信',
    reply_hint: '{{max}} 文字まで。ユーザーはアプリで読みます。',
    reply_required: '先に返信を書いてください。',
    reply_too_long: '{{max}} 文字以内にしてください。',
    send_reply: '返信を送信',
    sending: '送信中…',
    replied_at: '{{time}} に {{operator}} が返信',
    sent: '返信を送信しました。',
    cannot_reply: 'あなたのロール（{{role}}）はフィードバックを読めますが、返信はできません。',
    pick: '表からメッセージを選ぶと、読んで返信できます。',
  },
};
