import type { SessionsMessages } from './en_US.js';

export const zh_CN: SessionsMessages = {
  sessions: {
    title: '登录会话',
    text: '此钱包已登录的所有设备。如有您不认识的，请结束它。',
    current: '本设备',
    end: '结束',
    end_others: '结束其他所有会话',
    ended: '会话已结束',
    others_ended: '其他会话已全部结束',
    unknown_device: '未知设备',
    last_used: '最近使用 {{time}}',
    signed_in: '登录于 {{time}}',
    failed: '无法加载您的会话',
  },
};
