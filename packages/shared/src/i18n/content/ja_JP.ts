import type { ContentMessages } from './en_US.js';

export const ja_JP: ContentMessages = {
  content: {
    articles_lead: '利用規約、個人情報の取り扱い、よくあるご質問への回答をまとめています。',
    articles_failed: '記事を読み込めませんでした',
    articles_empty: 'まだ記事がありません',
    articles_empty_text: '規約やヘルプのページがここに表示されます。',
    updated: '{{date}} 更新',
    article_failed: '記事を読み込めませんでした',
    not_found: '記事が見つかりません',
    not_found_text: 'リンクが古いか、記事が削除された可能性があります。',
    all_articles: 'すべての記事を見る',
    ecology_lead: 'WALLXが心のケアにどう報いるのか、そして各機能がアプリのどこにあるのかをご紹介します。',
    ecology_failed: 'エコシステムのページを読み込めませんでした',
    ecology_empty: 'まだ内容がありません',
    ecology_empty_text: 'WALLXエコシステムの各要素をここでご紹介します。',
    open: '開く',
  },
};
