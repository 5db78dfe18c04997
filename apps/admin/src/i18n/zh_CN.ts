import type { Widen } from '@wallx/shared/i18n/widen';
import type { AdminMessages } from './en_US';
import { zh_CN as audit } from './audit/zh_CN';
import { zh_CN as catalog } from './catalog/zh_CN';
import { zh_CN as content } from './content/zh_CN';
import { zh_CN as dashboard } from './dashboard/zh_CN';
import { zh_CN as feedback } from './feedback/zh_CN';
import { zh_CN as markets } from './markets/zh_CN';
import { zh_CN as money } from './money/zh_CN';
import { zh_CN as operators } from './operators/zh_CN';
import { zh_CN as shipping } from './shipping/zh_CN';
import { zh_CN as users } from './users/zh_CN';
import { zh_CN as wellbeing } from './wellbeing/zh_CN';
import { zh_CN as companion } from './companion/zh_CN';
import { zh_CN as staking } from './staking/zh_CN';
import { zh_CN as aidFund } from './aid-fund/zh_CN';

export const zh_CN: Widen<AdminMessages> = {
  app: {
    name: 'WALLX 管理后台',
    skip_to_content: '跳到正文',
    language: '语言',
    not_found: '页面不存在。',
    back_home: '返回概览',
  },
  errors: {
    network: '无法连接服务器，请检查网络后重试。',
    timeout: '服务器响应超时，请重试。',
    internal: '服务器出错了，请稍后重试。',
    retry: '重试',
  },
  auth: {
    title: '运营人员登录',
    lead: '请使用运营地址的钱包登录。钱包会请您签名一条消息；不会发起链上交易，也不会产生任何费用。',
    sign_in: '使用钱包登录',
    signing_in: '等待钱包确认…',
    no_wallet: '此浏览器中未找到钱包。请安装钱包扩展（如 MetaMask）后刷新页面。',
    no_account: '钱包未提供可用于签名的账户。',
    rejected: '您在钱包中拒绝了签名。',
    wallet_failed: '钱包无法签名：{{message}}',
    expired: '会话已结束，请重新登录。',
    logged_out: '您已退出登录。',
    session_note: '会话时间较短，关闭此标签页即退出。',
    log_out: '退出登录',
    operator: '当前登录',
  },
  roles: {
    viewer: '只读',
    support: '客服',
    finance: '财务',
    admin: '管理员',
  },
  nav: {
    label: '后台栏目',
    dashboard: '概览',
    users: '用户',
    catalog: '商品',
    money: '资金',
    markets: '市场',
    shipping: '发货',
    content: '内容',
    wellbeing: '身心健康',
    companion: 'AI 陪伴',
    staking: '质押池',
    aid_fund: '援助基金',
    feedback: '反馈',
    audit: '审计日志',
    operators: '运营人员',
  },
  table: {
    load_more: '加载更多',
    loading: '加载中…',
    end: '没有更多了。',
    empty: '没有符合筛选条件的记录。',
    export_csv: '导出 CSV',
    export_hint: '导出当前筛选条件下显示的 {{count}} 行。',
    rows_one: '显示 {{count}} 行',
    rows_other: '显示 {{count}} 行',
    filters: '筛选',
    apply: '应用',
    clear: '清除',
    close: '关闭',
  },
  ...audit,
  ...catalog,
  ...feedback,
  ...money,
  ...dashboard,
  ...markets,
  ...operators,
  ...shipping,
  ...content,
  ...users,
  ...wellbeing,
  ...companion,
  ...staking,
  ...aidFund,
};
