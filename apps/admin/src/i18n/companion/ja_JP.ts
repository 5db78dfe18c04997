import type { CompanionMessages } from './en_US';

export const ja_JP: CompanionMessages = {
  companion: {
    title: 'AI コンパニオン',
    lead: 'コンパニオンの利用数、モデルの失敗回数、費用を日ごとに表示します。運営者が会話の内容を目にすることは一切ありません。',
    status_title: '今日',
    not_configured:
      'このサーバーにはモデルが設定されていません（COMPANION_API_URL と COMPANION_MODEL）。ユーザーにはここではコンパニオンを利用できないと表示されます。',
    model: 'モデル',
    model_none: 'なし',
    conversations: '保存されている会話',
    spent_today: '{{day}} に使ったトークン',
    spent_of: '{{spent}} / {{budget}}（{{share}} %）',
    estimated_note:
      '今日のトークンの一部は推定値です（約 4 文字で 1 トークン）。モデルサーバーが使用量を報告しませんでした。',
    days_lead:
      '{{zone}} の日付です。その日にコンパニオンへ書いた人が {{min}} 人以上のときだけ件数を表示します。トークンは常に表示します。',
    range_from: '開始',
    range_to: '終了',
    show: '表示',
    days_title: '日ごと',
    day: '日付',
    messages: 'メッセージ',
    answers: '回答',
    errors: 'モデルのエラー',
    crisis: '相談窓口の表示',
    tokens: 'トークン',
    tokens_estimated: '（うち推定 {{tokens}}）',
    of_budget: '1 日の予算に対して',
    fewer_than: '{{min}} 人未満',
    settings_title: '上限と予算',
    settings_lead:
      'コンパニオンの費用を抑えるための設定で、誰のお金も動かしません。財務担当または管理者が変更でき、すぐに反映され、監査ログに記録されます。',
    settings_defaults: 'デプロイの既定値が適用されています。まだ誰も変更していません。',
    settings_changed: 'バージョン {{version}}、{{operator}} が {{time}} に変更。',
    read_only: 'あなたのロール（{{role}}）はこの設定を閲覧できますが、変更はできません。',
    daily_messages: '1 ユーザーあたり 1 日のメッセージ数',
    daily_messages_hint: '0〜10,000。0 にすると全員のコンパニオンが一時停止します。',
    daily_token_budget: '全ユーザー合計の 1 日のトークン数',
    daily_token_budget_hint: 'プロンプトと回答のトークン。使い切ると翌日まで新しいメッセージは受け付けません。',
    save: '保存',
    saved: '保存しました。すぐに反映されます。',
    reload: '新しい値を読み込む',
  },
};
