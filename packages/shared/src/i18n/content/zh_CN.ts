import type { ContentMessages } from './en_US.js';

export const zh_CN: ContentMessages = {
  content: {
    articles_lead: '用户协议、我们如何处理您的信息，以及常见问题解答。',
    articles_failed: '文章加载失败',
    articles_empty: '暂无文章',
    articles_empty_text: '协议和帮助文档将显示在这里。',
    updated: '更新于 {{date}}',
    article_failed: '文章加载失败',
    not_found: '文章不存在',
    not_found_text: '链接可能已失效，或者这篇文章已被删除。',
    all_articles: '查看全部文章',
    ecology_lead: '了解 WALLX 如何奖励用心照顾自己的人，以及各项功能在应用中的位置。',
    ecology_failed: '生态页面加载失败',
    ecology_empty: '暂无内容',
    ecology_empty_text: 'WALLX 生态的各个部分将在这里介绍。',
    open: '前往',
  },
};
