import type { FeedbackMessages } from './en_US';

export const zh_CN: FeedbackMessages = {
  feedback: {
    title: '反馈',
    lead: '用户在 App 中提交的留言。回复后，用户会立即在反馈页面看到。',
    status: '状态',
    status_all: '全部',
    status_open: '待回复',
    status_replied: '已回复',
    received: '提交时间',
    user: '用户',
    subject: '标题',
    replied_by: '回复人',
    open_message: '阅读「{{title}}」',
    message: '留言',
    reply: '回复',
    reply_hint: '最多 {{max}} 个字符，用户会在 App 中看到。',
    reply_required: '请先填写回复。',
    reply_too_long: '最多 {{max}} 个字符。',
    send_reply: '发送回复',
    sending: '发送中…',
    replied_at: '{{time}} 由 {{operator}} 回复',
    sent: '回复已发送。',
    cannot_reply: '您的角色（{{role}}）可以查看反馈，但不能回复。',
    pick: '在表格中选择一条留言，即可阅读并回复。',
  },
};
