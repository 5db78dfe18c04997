import type { AuditMessages } from './en_US';

export const zh_CN: AuditMessages = {
  audit: {
    title: '审计日志',
    lead: '运营人员的每一次修改，最新的在前。记录不可修改或删除。',
    time: '时间',
    operator: '操作人',
    operator_placeholder: '0x… 地址',
    action: '操作',
    action_placeholder: '例如 feedback.reply',
    subject_type: '对象类型',
    subject_type_placeholder: '例如 feedback',
    subject_id: '对象 ID',
    subject: '对象',
    view: '查看',
    view_entry: '查看记录 {{id}}',
    detail_title: '记录 {{id}}',
    before: '修改前',
    after: '修改后',
    detail: '详情',
    nothing: '（无）',
  },
};
