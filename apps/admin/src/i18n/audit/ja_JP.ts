import type { AuditMessages } from './en_US';

export const ja_JP: AuditMessages = {
  audit: {
    title: '監査ログ',
    lead: 'オペレーターが行ったすべての変更（新しい順）。記録は編集も削除もされません。',
    time: '日時',
    operator: 'オペレーター',
    operator_placeholder: '0x… アドレス',
    action: '操作',
    action_placeholder: '例：feedback.reply',
    subject_type: '対象の種類',
    subject_type_placeholder: '例：feedback',
    subject_id: '対象 ID',
    subject: '対象',
    view: '表示',
    view_entry: '記録 {{id}} を表示',
    detail_title: '記録 {{id}}',
    before: '変更前',
    after: '変更後',
    detail: '詳細',
    nothing: '（なし）',
  },
};
