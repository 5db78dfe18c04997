import type { FeedbackMessages } from './en_US.js';

export const zh_CN: FeedbackMessages = {
  feedback: {
    lead: '遇到问题或有任何建议，请告诉我们。每条留言都会有工作人员阅读，并在这里回复您。',
    new: '提交反馈',
    title: '标题',
    title_placeholder: '简要概括您的问题',
    title_required: '请输入标题',
    detail: '详细描述',
    detail_placeholder: '发生了什么，您期望的结果是什么',
    detail_required: '请描述您的反馈',
    too_long: '最多 {{max}} 个字符',
    limits: '每小时最多提交 {{hour}} 条，每天最多 {{day}} 条。',
    send: '提交',
    sending: '提交中…',
    sent: '已提交，我们会在这里回复您。',
    mine: '我的反馈',
    empty: '暂无反馈',
    empty_text: '您提交的反馈及我们的回复会显示在这里。',
    reply: 'WALLX 回复',
    new_reply: '新',
    status: {
      open: '待回复',
      replied: '已回复',
    },
  },
};
