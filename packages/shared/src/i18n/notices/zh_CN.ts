import type { NoticesMessages } from './en_US.js';

export const zh_CN: NoticesMessages = {
  notices: {
    title: '消息通知',
    unread: '消息通知，{{count}} 条未读',
    list: '我的消息',
    empty: '暂无消息',
    empty_text: '订单、充值、提现、矿机和包裹的动态都会在这里告诉你。',
    new: '新',
    order: {
      filled_mtrade: '你的矿机 {{miner_no}} 已售出，获得 {{amount}} {{asset}}',
      filled_c2c: '你的 WALLX 挂单已成交，获得 {{amount}} {{asset}}',
      expired_mtrade: '你挂售的矿机 {{miner_no}} 已过期',
      expired_c2c: '你的 WALLX 挂单已过期',
      cancelled_mtrade: '你挂售的矿机 {{miner_no}} 已撤销',
      cancelled_c2c: '你的 WALLX 挂单已撤销',
      by_operator: '订单已被管理员撤销：{{reason}}',
    },
    deposit: {
      pending: '已发现充值 {{amount}} {{asset}}',
      confirming: '充值 {{amount}} {{asset}} 确认中',
      credited: '充值 {{amount}} {{asset}} 已到账',
      failed: '充值 {{amount}} {{asset}} 链上失败',
      invalid: '充值 {{amount}} {{asset}} 未被接受',
    },
    withdrawal: {
      pending_review: '提现 {{amount}} {{asset}} 等待审核',
      queued: '提现 {{amount}} {{asset}} 已通过审核',
      broadcast: '提现 {{amount}} {{asset}} 已发送上链',
      processing: '提现 {{amount}} {{asset}} 处理中',
      completed: '提现 {{amount}} {{asset}} 已完成',
      refunded: '提现 {{amount}} {{asset}} 已退回余额',
      rejected: '提现 {{amount}} {{asset}} 被拒绝，金额已退回余额',
    },
    received_from: '收到来自 {{from}} 的 {{amount}} {{asset}}',
    received: '收到 {{amount}} {{asset}}',
    miner_received: '收到来自 {{from}} 的矿机 {{miner_no}}',
    output_ready_one: '{{day}} 的产出已到：{{count}} 台矿机共 {{amount}} WALLX',
    output_ready_other: '{{day}} 的产出已到：{{count}} 台矿机共 {{amount}} WALLX',
    shipping: {
      to_ship: '已申请发货：矿机即将寄出',
      shipped: '包裹已发出',
      pending: '可以自提了：到自提点出示你的核销码',
      written_off: '矿机已提取',
    },
    feedback_reply: '你的反馈「{{title}}」有了回复',
  },
};
