import type { SessionsMessages } from './en_US.js';

export const ja_JP: SessionsMessages = {
  sessions: {
    title: 'ログインセッション',
    text: 'このウォレットでログインしているすべてのデバイスです。心当たりのないものは終了してください。',
    current: 'このデバイス',
    end: '終了',
    end_others: '他のすべてのセッションを終了',
    ended: 'セッションを終了しました',
    others_ended: '他のセッションを終了しました',
    unknown_device: '不明なデバイス',
    last_used: '最終利用 {{time}}',
    signed_in: 'ログイン {{time}}',
    failed: 'セッションを読み込めませんでした',
  },
};
