import type { Widen } from '../widen.js';

/** English texts of the articles and the ecology page (/article, /ecology). */
export const en_US = {
  content: {
    // /article
    articles_lead: 'Our agreements, how we handle your data, and answers to common questions.',
    articles_failed: 'The articles could not be loaded',
    articles_empty: 'No articles yet',
    articles_empty_text: 'Agreements and help pages will appear here.',
    updated: 'Updated {{date}}',
    article_failed: 'This article could not be loaded',
    not_found: 'Article not found',
    not_found_text: 'The link may be out of date, or the article has been removed.',
    all_articles: 'See all articles',
    // /ecology
    ecology_lead: 'How WALLX rewards looking after your mind, and where each part lives in the app.',
    ecology_failed: 'The ecology page could not be loaded',
    ecology_empty: 'Nothing here yet',
    ecology_empty_text: 'Parts of the WALLX ecosystem will be introduced here.',
    open: 'Open',
  },
} as const;

export type ContentMessages = Widen<typeof en_US>;
